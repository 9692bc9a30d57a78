import { Spinner } from "./spinner";

/** Shown while a lazily loaded screen's code arrives. */
export function PageLoader() {
  return (
    <div role="status" aria-label="Loading page" className="flex min-h-[40vh] items-center justify-center text-teal-700">
      <Spinner className="size-8" />
    </div>
  );
}
