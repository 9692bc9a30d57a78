import { defineMessages } from "../i18n";

/** The patient register's shared parts (issue 36): the details form and the picker a bill starts from. */
export const patientMessages = defineMessages({
  hospitalNumber: { id: "components.patients.hospitalNumber", defaultMessage: "Hospital number" },
  firstName: { id: "components.patients.firstName", defaultMessage: "First name" },
  otherNames: { id: "components.patients.otherNames", defaultMessage: "Other names (optional)" },
  lastName: { id: "components.patients.lastName", defaultMessage: "Last name" },
  phone: { id: "components.patients.phone", defaultMessage: "Phone number" },
  email: { id: "components.patients.email", defaultMessage: "E-mail (optional)" },
  language: { id: "components.patients.language", defaultMessage: "Patient's language" },
  languageHint: {
    id: "components.patients.languageHint",
    defaultMessage: "Bills, receipts and text messages to the patient are written in it.",
  },
  dateOfBirth: { id: "components.patients.dateOfBirth", defaultMessage: "Date of birth" },
  register: { id: "components.patients.register", defaultMessage: "Register patient" },
  saveCorrection: { id: "components.patients.saveCorrection", defaultMessage: "Save correction" },
  cancel: { id: "components.patients.cancel", defaultMessage: "Cancel" },
  checkFields: {
    id: "components.patients.checkFields",
    defaultMessage: "{count, plural, one {Check the field marked below.} other {Check the # fields marked below.}}",
  },
  nothingChanged: { id: "components.patients.nothingChanged", defaultMessage: "Change a detail to correct it." },
  saveFailed: { id: "components.patients.saveFailed", defaultMessage: "The patient could not be saved. Try again." },
  unreadable: { id: "components.patients.unreadable", defaultMessage: "The server's answer could not be read. Try again." },
  networkError: {
    id: "components.patients.networkError",
    defaultMessage: "No connection to the server. Check your connection and try again.",
  },
  // The picker.
  find: { id: "components.patients.find", defaultMessage: "Find a registered patient" },
  findHint: {
    id: "components.patients.findHint",
    defaultMessage: "Any part of the hospital number or phone, or the names in any order.",
  },
  search: { id: "components.patients.search", defaultMessage: "Find" },
  searching: { id: "components.patients.searching", defaultMessage: "Searching the register…" },
  noMatch: { id: "components.patients.noMatch", defaultMessage: 'No registered patient matches "{q}".' },
  matches: { id: "components.patients.matches", defaultMessage: "Patients matching the search" },
  choose: { id: "components.patients.choose", defaultMessage: "Choose {name}" },
  chosen: { id: "components.patients.chosen", defaultMessage: "Billing {name}" },
  change: { id: "components.patients.change", defaultMessage: "Change patient" },
  born: { id: "components.patients.born", defaultMessage: "Born {date}" },
  searchFailed: { id: "components.patients.searchFailed", defaultMessage: "Error: the register could not be searched." },
  tryAgain: { id: "components.patients.tryAgain", defaultMessage: "Try again" },
  orTyped: {
    id: "components.patients.orTyped",
    defaultMessage: "Not registered yet? Type the patient's details below.",
  },
});
