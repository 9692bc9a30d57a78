import { Component, type ReactNode } from "react";
import { useLocation, type Location } from "react-router";
import { t } from "../i18n";
import { appMessages as m } from "./messages";

/**
 * Last resort when a screen throws or its code fails to load (e.g. an old tab after a deploy).
 * A plain anchor reloads the app instead of relying on the router that just failed.
 */
export function RouteError() {
  return (
    <main className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t(m.errorTitle)}</h1>
      <p className="mt-3 text-slate-600">{t(m.errorBody)}</p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800">
        {t(m.errorReload)}
      </a>
    </main>
  );
}

interface BoundaryState {
  error: unknown;
  location: Location;
}

class Boundary extends Component<{ location: Location; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error("unknown error") };
  }

  // As a data router's errorElement does: navigating elsewhere leaves the error screen.
  static getDerivedStateFromProps(props: { location: Location }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location !== state.location ? { error: null, location: props.location } : null;
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/** Shows <RouteError /> in place of the screens when one of them throws, until the next navigation. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
