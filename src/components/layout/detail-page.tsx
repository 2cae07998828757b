import { type ReactNode, Suspense } from "react";
import { Await, Link } from "react-router-dom";
import { Loading } from "./pending.tsx";

type Props<T> = {
  /** The list this item belongs to, linked above it. */
  back: { to: string; label: string };
  /** The item: known (prerendered), pending (a client-side navigation), or null when not found. */
  item: T | null | Promise<T | null>;
  /** Said in red when the item could not be loaded. */
  failed: string;
  /** Said in red when there is no such item. */
  notFound: string;
  children: (item: T) => ReactNode;
};

/** The page of one news item or event: a link back to the list, then the item or what went wrong. */
export function DetailPage<T>({ back, item, failed, notFound, children }: Props<T>) {
  return (
    <div className="page">
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <Suspense fallback={<Loading />}>
        <Await
          resolve={item}
          errorElement={
            <p role="alert" className="error-text">
              {failed}
            </p>
          }
        >
          {(found: T | null) =>
            found ? (
              children(found)
            ) : (
              <p role="alert" className="error-text">
                {notFound}
              </p>
            )
          }
        </Await>
      </Suspense>
    </div>
  );
}
