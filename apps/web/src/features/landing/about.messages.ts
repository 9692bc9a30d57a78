import { defineMessages } from "../../i18n";

export const aboutMessages = defineMessages({
  title: { id: "landing.about.title", defaultMessage: "About Hospipay" },
  body: {
    id: "landing.about.body",
    defaultMessage:
      "Hospipay is a payment wallet for hospitals. Patients and visitors pay for hospital services in Naira, as guests or from a prepaid wallet, and keep every receipt in one place.",
  },
  soon: { id: "landing.about.soon", defaultMessage: "More about the team and our partner hospitals is coming soon." },
});
