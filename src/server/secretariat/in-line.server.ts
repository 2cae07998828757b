import { type Account, getAccount } from "../account/accounts.server.ts";
import { inLine } from "../in-line.server.ts";

export { inLine };

/**
 * Acts on an account in line (above), on its record read afresh inside the line: a press just
 * before this one may have changed it. An account gone meanwhile gets `gone`.
 */
export function onFreshAccount<T>(key: string, act: (current: Account) => Promise<T>, gone: T): Promise<T> {
  return inLine(key, async () => {
    const current = await getAccount(key);
    return current ? act(current) : gone;
  });
}
