import { defineMessages } from "../../i18n";

export const heroMessages = defineMessages({
  eyebrow: { id: "landing.hero.eyebrow", defaultMessage: "Hospital payments, simplified" },
  title: { id: "landing.hero.title", defaultMessage: "Welcome to Hospipay" },
  lead: {
    id: "landing.hero.lead",
    defaultMessage: "Pay hospital bills in Naira from your phone: as a guest with Quick Pay, or from your own prepaid wallet.",
  },
  createWallet: { id: "landing.hero.createWallet", defaultMessage: "Create Wallet" },
  quickPay: { id: "landing.hero.quickPay", defaultMessage: "Quick Pay" },
  guest: { id: "landing.hero.highlight.guest", defaultMessage: "Pay as a guest in minutes" },
  wallet: { id: "landing.hero.highlight.wallet", defaultMessage: "Fund a wallet and pay from it" },
  secure: { id: "landing.hero.highlight.secure", defaultMessage: "Secure, verified gateways" },
});
