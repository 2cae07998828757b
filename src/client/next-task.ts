/**
 * A new task, so the page's own work (a tap, a paint) can run between two parts of ours
 * (issue 17: no task of ours may hold a phone's main thread for 50 ms).
 *
 * Through a message rather than a timer: timers nested more than five deep wait at least 4 ms
 * each, and a list hydrates a turn per card.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
