import { Spinner } from "./spinner";
import { t } from "../../i18n";
import { uiMessages } from "../messages";

/** Shown while a lazily loaded screen's code arrives. */
export function PageLoader() {
  return (
    <div
      role="status"
      aria-label={t(uiMessages.loadingPage)}
      className="flex min-h-[40vh] items-center justify-center text-teal-700"
    >
      <Spinner className="size-8" />
    </div>
  );
}
