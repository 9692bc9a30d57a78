import { defineMessages } from "../i18n";

/** The Cookie Policy's account of what the service worker keeps (features/help). */
export const offlineCopiesMessages = defineMessages({
  copiesTitle: { id: "lib.offline.copiesTitle", defaultMessage: "Offline copies" },
  copiesText: {
    id: "lib.offline.copiesText",
    defaultMessage:
      "To work without a connection, this site keeps copies of its own pages, the list of services and the receipts you have opened in your browser''s offline storage. They are read by this site alone and sent nowhere. The receipts are removed when you log out or clear this browser''s data in Privacy Settings; the rest is replaced by each new version of the site.",
  },
});
