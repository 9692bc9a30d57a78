import { defineMessages } from "../i18n";

/** Texts of the shared components (layout, UI). */
export const componentMessages = defineMessages({
  language: { id: "components.language.label", defaultMessage: "Language" },
});
