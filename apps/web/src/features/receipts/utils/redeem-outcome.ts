/** The outcome of the latest "Mark as given", shown above the form and kept after the view refreshes. */
export type RedeemOutcome = { tone: "success" | "error"; text: string; details?: string[] };
