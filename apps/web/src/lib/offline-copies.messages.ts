import { defineMessages } from "../i18n";

/** The Cookie Policy's account of what the service worker keeps (features/help). */
export const offlineCopiesMessages = defineMessages({
  copiesTitle: { id: "lib.offline.copiesTitle", defaultMessage: "Offline copies" },
  copiesText: {
    id: "lib.offline.copiesText",
    defaultMessage:
      "To work without a connection, this site keeps copies of its own pages, the list of services and the receipts you have opened in your browser''s offline storage. They are read by this site alone and sent nowhere. The receipts are removed when you sign out, however the session ends, and when another account signs in; a guest''s go when a new tab starts, except a receipt kept with “Keep this receipt on this device”, which stays until you untick it. Clearing this browser''s data in Privacy Settings removes them all; the rest is replaced by each new version of the site.",
  },
});
