import type { ReactNode } from "react";
import { ExternalLink, InfoLink } from "./info-page";

/** `<b>…</b>` in the pages' messages: the words a reader's eye should land on. */
export const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/** A tag of the pages' messages that links to another page of the site. */
export const linkTo = (to: string) => (chunks: ReactNode[]) => <InfoLink to={to}>{chunks}</InfoLink>;

/** A tag of the pages' messages that links to another site. */
export const externalLink = (href: string) => (chunks: ReactNode[]) => <ExternalLink href={href}>{chunks}</ExternalLink>;
