import { defineMessages } from "../i18n";

/** The desk's printed slips (issue 36): the paper choice, the Print button and the slip's own words. */
export const printMessages = defineMessages({
  paper: { id: "components.print.paper", defaultMessage: "Paper" },
  paperWidth: { id: "components.print.paperWidth", defaultMessage: "{width} mm" },
  print: { id: "components.print.print", defaultMessage: "Print" },
  slipLabel: { id: "components.print.slipLabel", defaultMessage: "{title}, printed slip" },
  servedBy: { id: "components.print.servedBy", defaultMessage: "Served by" },
  printedAt: { id: "components.print.printedAt", defaultMessage: "Printed" },
  checkAt: { id: "components.print.checkAt", defaultMessage: "Check it at {address}" },
});
