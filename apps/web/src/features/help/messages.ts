import { defineMessages } from "../../i18n";

export const contactMessages = defineMessages({
  title: { id: "help.contact.title", defaultMessage: "How to reach the hospital" },
  intro: {
    id: "help.contact.intro",
    defaultMessage:
      "Hospipay is run for the hospital by its <b>Revenue Office</b>, which answers every question about payments, receipts, refunds, your wallet and your personal data.",
  },
  inPerson: {
    id: "help.contact.inPerson",
    defaultMessage: "In person: the Revenue Office (cashiers' hall) on the hospital's premises, during working hours.",
  },
  byPhone: {
    id: "help.contact.byPhone",
    defaultMessage:
      "By phone or e-mail: use the numbers and the e-mail address printed on your hospital bill or card and displayed at the Revenue Office. Do not use contact details sent to you in a message you did not expect.",
  },
  dataRequests: {
    id: "help.contact.dataRequests",
    defaultMessage:
      "Requests about your personal data (a copy, a correction, deletion, an objection): ask the Revenue Office in writing, for the attention of the hospital's Data Protection Officer.",
  },
  haveReady: {
    id: "help.contact.haveReady",
    defaultMessage:
      "Have your payment reference (and the RRR for a Remita payment) ready. Staff will never ask for your card PIN, a one-time password (OTP), your Hospipay password or a verification code.",
  },
});

/** Where an item lives, in the pages' words. */
export const areaMessages = defineMessages({
  local: { id: "help.data.area.local", defaultMessage: "Kept on this browser" },
  session: { id: "help.data.area.session", defaultMessage: "This tab only" },
});

/** What each item the app keeps in this browser is, holds and how long it stays. */
export const dataMessages = defineMessages({
  where: { id: "help.data.where", defaultMessage: "{area}, under <code>{key}</code>" },
  other: { id: "help.data.other", defaultMessage: "Other data of this site" },
  tokenLabel: { id: "help.data.token.label", defaultMessage: "Your sign-in" },
  tokenPurpose: {
    id: "help.data.token.purpose",
    defaultMessage: "A session token that keeps you signed in on this browser. It is sent only to Hospipay's own server.",
  },
  tokenLasts: {
    id: "help.data.token.lasts",
    defaultMessage: "Until you log out; the server stops accepting it when it expires.",
  },
  userLabel: { id: "help.data.user.label", defaultMessage: "Your profile, as last loaded" },
  userPurpose: {
    id: "help.data.user.purpose",
    defaultMessage:
      "Your name, e-mail address, phone number, hospital number, next of kin, role, wallet balance and latest transactions, as the server last sent them, so that the screens can show them at once.",
  },
  userLasts: { id: "help.data.user.lasts", defaultMessage: "Until you log out." },
  cartLabel: { id: "help.data.cart.label", defaultMessage: "Your cart" },
  cartPurpose: {
    id: "help.data.cart.purpose",
    defaultMessage: "The services you chose and their quantities, so that they are still there when you come back.",
  },
  cartLasts: { id: "help.data.cart.lasts", defaultMessage: "Until you pay, remove them or clear this browser's data." },
  localeLabel: { id: "help.data.locale.label", defaultMessage: "Your language" },
  localePurpose: {
    id: "help.data.locale.purpose",
    defaultMessage:
      "The language you chose for the site (English, Hausa, Yoruba, Igbo or Nigerian Pidgin), so that the site opens in it next time and the server answers in it. Absent means none chosen: English, or a bill's page in the bill's language. No personal data.",
  },
  localeLasts: {
    id: "help.data.locale.lasts",
    defaultMessage: "Until you choose another language or clear this browser's data.",
  },
  printPaperLabel: { id: "help.data.printPaper.label", defaultMessage: "Slip paper width" },
  printPaperPurpose: {
    id: "help.data.printPaper.purpose",
    defaultMessage:
      "Staff only: the paper width (80 mm or 58 mm) of this device's desk printer, so that receipts, bill slips and shift reports print to fit it. No personal data.",
  },
  printPaperLasts: {
    id: "help.data.printPaper.lasts",
    defaultMessage: "Until staff choose another width or clear this browser's data.",
  },
  identifierLabel: { id: "help.data.identifier.label", defaultMessage: "The e-mail address waiting for verification" },
  identifierPurpose: {
    id: "help.data.identifier.purpose",
    defaultMessage: "After you create a wallet, the verification page needs to know which account the code is for.",
  },
  identifierLasts: { id: "help.data.identifier.lasts", defaultMessage: "Until the account is verified." },
  recordsLabel: { id: "help.data.records.label", defaultMessage: "The hospital's service list" },
  recordsPurpose: {
    id: "help.data.records.purpose",
    defaultMessage:
      "A copy of the hospital's services and prices, so that the service selection opens quickly. No personal data.",
  },
  recordsLasts: { id: "help.data.records.lasts", defaultMessage: "Replaced when the list is loaded again." },
  remitaLabel: { id: "help.data.remita.label", defaultMessage: "Remita's payment window settings" },
  remitaPurpose: {
    id: "help.data.remita.purpose",
    defaultMessage:
      "The address of Remita's payment window and the hospital's public Remita key, so that a pending top-up can be resumed. No personal data.",
  },
  remitaLasts: { id: "help.data.remita.lasts", defaultMessage: "Replaced by your next top-up." },
  resendLabel: { id: "help.data.resend.label", defaultMessage: "When a new verification code can be sent" },
  resendPurpose: {
    id: "help.data.resend.purpose",
    defaultMessage: "So that the 'Resend code' button waits the 60 seconds between two codes, one item per e-mail address.",
  },
  resendLasts: { id: "help.data.resend.lasts", defaultMessage: "Until you close the tab." },
  checkoutLabel: { id: "help.data.checkout.label", defaultMessage: "The payer's details you typed at checkout" },
  checkoutPurpose: {
    id: "help.data.checkout.purpose",
    defaultMessage:
      "Name, e-mail address, phone number, hospital number and description, so that a reload of the payment page keeps them. Never card details.",
  },
  checkoutLasts: {
    id: "help.data.checkout.lasts",
    defaultMessage: "Until the payment completes, the cart is cleared or you close the tab.",
  },
  scrollLabel: { id: "help.data.scroll.label", defaultMessage: "Scroll positions" },
  scrollPurpose: {
    id: "help.data.scroll.purpose",
    defaultMessage: "So that Back returns you to where you were on the previous page.",
  },
  scrollLasts: { id: "help.data.scroll.lasts", defaultMessage: "Until you close the tab." },
  offlineSessionLabel: { id: "help.data.offlineSession.label", defaultMessage: "This tab's session" },
  offlineSessionPurpose: {
    id: "help.data.offlineSession.purpose",
    defaultMessage:
      "Marks that this tab has started, so that a guest's new tab first removes the offline copies of receipts an earlier tab opened, except those kept on this device.",
  },
  offlineSessionLasts: { id: "help.data.offlineSession.lasts", defaultMessage: "Until you close the tab." },
});

export const cookieMessages = defineMessages({
  title: { id: "help.cookies.title", defaultMessage: "Cookie Policy" },
  intro: {
    id: "help.cookies.intro",
    defaultMessage:
      "Hospipay sets <b>no cookies</b>: none for advertising, none for analytics and none to follow you across sites. What the site needs to work is kept in your browser's own storage, listed below.",
  },
  keptTitle: { id: "help.cookies.keptTitle", defaultMessage: "What this site keeps in your browser" },
  keptText: {
    id: "help.cookies.keptText",
    defaultMessage:
      'Items "kept on this browser" stay until they are removed (local storage); items for "this tab only" go when you close the tab (session storage). They are read by this site alone and sent nowhere, except your sign-in, which goes only to Hospipay\'s own server to show that it is you. Card details are never kept.',
  },
  where: { id: "help.cookies.where", defaultMessage: "Where" },
  howLong: { id: "help.cookies.howLong", defaultMessage: "How long" },
  windowsTitle: { id: "help.cookies.windowsTitle", defaultMessage: "Payment windows" },
  windowsText: {
    id: "help.cookies.windowsText",
    defaultMessage:
      "When you open Remita's or Paystack's payment window, that window comes from the payment company, which may use its own cookies under its own policy to process the payment securely. Hospipay does not read them.",
  },
  choiceTitle: { id: "help.cookies.choiceTitle", defaultMessage: "Your choice" },
  choiceClear: {
    id: "help.cookies.choiceClear",
    defaultMessage:
      "See and clear what this browser keeps for Hospipay in <link>Privacy Settings</link>. Clearing signs you out and empties your cart.",
  },
  choiceBlock: {
    id: "help.cookies.choiceBlock",
    defaultMessage:
      "Blocking site storage in your browser's settings stops the site from keeping you signed in or remembering your cart, so signing in and Quick Pay will not work.",
  },
});

export const termsMessages = defineMessages({
  title: { id: "help.terms.title", defaultMessage: "Terms of Use" },
  intro: {
    id: "help.terms.intro",
    defaultMessage:
      "Hospipay is the hospital's self-service payment site: you pay hospital services as a guest or from a prepaid wallet, and keep your receipts. By using it you agree to these terms.",
  },
  providerTitle: { id: "help.terms.providerTitle", defaultMessage: "Who provides the service" },
  providerText: {
    id: "help.terms.providerText",
    defaultMessage:
      "The service is provided by the hospital, through its Revenue Office. Payments by card or transfer are processed by licensed payment companies (Remita, Monnify and Paystack) under their own terms; the hospital never sees your full card details.",
  },
  payingTitle: { id: "help.terms.payingTitle", defaultMessage: "Paying" },
  prices: {
    id: "help.terms.prices",
    defaultMessage: "Prices are the hospital's, in Naira, as shown in the service list and on the payment summary.",
  },
  fee: {
    id: "help.terms.fee",
    defaultMessage: "Every cart payment carries a fixed charge fee of {fee}, shown before you pay. There are no other fees.",
  },
  counts: {
    id: "help.terms.counts",
    defaultMessage:
      "A payment counts only once the hospital's server has confirmed it with the payment company, or, for a transfer to the hospital's account, once the Revenue Office has confirmed it. Until then it is awaiting payment and has no receipt.",
  },
  expires: {
    id: "help.terms.expires",
    defaultMessage: "An unpaid payment request expires after a while; start again from your cart if it does.",
  },
  check: {
    id: "help.terms.check",
    defaultMessage:
      "Check the details you enter (name, e-mail, phone, hospital number): receipts go to the e-mail address given.",
  },
  walletTitle: { id: "help.terms.walletTitle", defaultMessage: "Your wallet" },
  walletVerified: { id: "help.terms.walletVerified", defaultMessage: "You need a verified e-mail address to use a wallet." },
  walletHolds: {
    id: "help.terms.walletHolds",
    defaultMessage: "The wallet holds Naira you paid in for hospital services; it earns no interest and is not a bank account.",
  },
  walletKyc: {
    id: "help.terms.walletKyc",
    defaultMessage: "The hospital may ask you to verify your identity (KYC) before the wallet holds larger sums.",
  },
  walletPassword: {
    id: "help.terms.walletPassword",
    defaultMessage: "Keep your password to yourself. You are responsible for payments made while you are signed in.",
  },
  refundsTitle: { id: "help.terms.refundsTitle", defaultMessage: "Refunds and mistakes" },
  refundsText: {
    id: "help.terms.refundsText",
    defaultMessage:
      "If you paid for the wrong service or were charged twice, tell the Revenue Office with your payment reference. Refunds are decided by the hospital's staff under the hospital's refund rules, and recorded on your payment. A completed payment is never changed or deleted; a refund is a new entry beside it.",
  },
  fairTitle: { id: "help.terms.fairTitle", defaultMessage: "Fair use" },
  fairText: {
    id: "help.terms.fairText",
    defaultMessage:
      "Do not try to pay with someone else's card without their permission, to get into another person's account, or to overload or probe the site. Accounts used this way may be suspended and the matter reported.",
  },
  dataTitle: { id: "help.terms.dataTitle", defaultMessage: "Your personal data" },
  dataText: {
    id: "help.terms.dataText",
    defaultMessage:
      "The hospital collects only what a payment or a wallet needs, keeps it for stated periods and respects your rights under the Nigeria Data Protection Act 2023. See <privacy>Privacy Settings</privacy> for the details and the <cookies>Cookie Policy</cookies> for what this site keeps in your browser.",
  },
  changesTitle: { id: "help.terms.changesTitle", defaultMessage: "Changes" },
  changesText: {
    id: "help.terms.changesText",
    defaultMessage:
      "The hospital may update these terms; the version on this page is the one that applies. Nigerian law governs them.",
  },
});

export const faqMessages = defineMessages({
  title: { id: "help.faq.title", defaultMessage: "Frequently Asked Questions" },
  intro: {
    id: "help.faq.intro",
    defaultMessage: "Short answers about paying the hospital with Hospipay, your receipts and your wallet.",
  },
  payingTitle: { id: "help.faq.payingTitle", defaultMessage: "Paying" },
  accountQ: { id: "help.faq.account.question", defaultMessage: "Do I need an account to pay?" },
  accountA: {
    id: "help.faq.account.answer",
    defaultMessage:
      "No. Choose <b>Quick Pay</b> on the home page, pick the services, check your cart and pay as a guest by Remita (card or bank) or by transfer to a one-off Monnify account number. With a wallet you can also pay from your prepaid balance, by Paystack, or by transfer to the hospital's account.",
  },
  feeQ: { id: "help.faq.fee.question", defaultMessage: "Why is there a fee on my cart?" },
  feeA: {
    id: "help.faq.fee.answer",
    defaultMessage:
      "Every cart payment carries a fixed charge fee of {fee}, shown on the payment summary before you pay. There is no other fee, and nobody may ask you for money outside the cart.",
  },
  rrrQ: { id: "help.faq.rrr.question", defaultMessage: "What is an RRR?" },
  rrrA: {
    id: "help.faq.rrr.answer",
    defaultMessage:
      "The Remita Retrieval Reference: a 12-digit number Remita gives every Remita payment. You can pay it in Remita's window here, and you can use it to find the payment later.",
  },
  pendingQ: { id: "help.faq.pending.question", defaultMessage: "I paid by bank transfer. Why is my payment still pending?" },
  pendingA: {
    id: "help.faq.pending.answer",
    defaultMessage:
      "A transfer to a Monnify account number is confirmed as soon as Monnify tells the hospital it has arrived, usually within minutes. A transfer to the hospital's own account is checked by the Revenue Office, which can take 24 to 48 hours. Your receipt follows by e-mail once it is confirmed.",
  },
  someoneQ: { id: "help.faq.someone.question", defaultMessage: "Can I pay for someone else?" },
  someoneA: {
    id: "help.faq.someone.answer",
    defaultMessage:
      "Yes. With a wallet, choose <b>Someone Else</b> on the payment page and enter the patient's details. As a guest, enter the patient's details on the payment summary.",
  },
  receiptsTitle: { id: "help.faq.receiptsTitle", defaultMessage: "Receipts and past payments" },
  receiptQ: { id: "help.faq.receipt.question", defaultMessage: "Where is my receipt?" },
  receiptA: {
    id: "help.faq.receipt.answer",
    defaultMessage:
      "A receipt is e-mailed to the address given with the payment once the payment is confirmed. Only a completed payment has a receipt: a pending one is an invoice still awaiting payment.",
  },
  oldQ: { id: "help.faq.old.question", defaultMessage: "How do I find an old payment?" },
  oldA: {
    id: "help.faq.old.answer",
    defaultMessage:
      "Use <link>Transaction Invoices</link> on the home page with the e-mail address and the last {digits} digits of the phone number given with the payment. With a wallet, your history is on your dashboard.",
  },
  refundQ: { id: "help.faq.refund.question", defaultMessage: "How do I get a refund?" },
  refundA: {
    id: "help.faq.refund.answer",
    defaultMessage:
      "Ask the Revenue Office with your payment reference. Refunds are decided by the hospital's staff; a large refund needs a senior officer's approval. You never pay anything to receive a refund.",
  },
  walletTitle: { id: "help.faq.walletTitle", defaultMessage: "Your wallet and account" },
  codeQ: { id: "help.faq.code.question", defaultMessage: "My verification code does not work." },
  codeA: {
    id: "help.faq.code.answer",
    defaultMessage:
      "A code is valid for {minutes} minutes and only the latest one counts. Press <b>Resend code</b> for a new one ({seconds} seconds after the last), and check your spam folder.",
  },
  passwordQ: { id: "help.faq.password.question", defaultMessage: "I forgot my password." },
  passwordA: {
    id: "help.faq.password.answer",
    defaultMessage: "Use <link>Forgot password?</link> on the sign-in page. The link we e-mail you works for {minutes} minutes.",
  },
  kycQ: { id: "help.faq.kyc.question", defaultMessage: "Why does the hospital ask for my KYC details?" },
  kycA: {
    id: "help.faq.kyc.answer",
    defaultMessage:
      "Identity verification (KYC) confirms that a wallet belongs to the person named on it before it holds larger sums or becomes a corporate account. See <link>Privacy Settings</link> for what is kept and for how long.",
  },
  safeQ: { id: "help.faq.safe.question", defaultMessage: "How do I stay safe?" },
  safeA: {
    id: "help.faq.safe.answer",
    defaultMessage: "Read the <link>Safety Tips</link>: the hospital never asks for your card PIN or an OTP.",
  },
});

export const safetyMessages = defineMessages({
  title: { id: "help.safety.title", defaultMessage: "Safety Tips" },
  intro: {
    id: "help.safety.intro",
    defaultMessage:
      "Fraudsters pretend to be hospital staff to get money or card details from patients and their families. These checks take a minute and keep your money safe.",
  },
  neverTitle: { id: "help.safety.neverTitle", defaultMessage: "What the hospital never asks" },
  neverPin: {
    id: "help.safety.neverPin",
    defaultMessage:
      "Your card PIN, a one-time password (OTP), your full card number or CVV, by phone, SMS, WhatsApp, e-mail or in person.",
  },
  neverPassword: {
    id: "help.safety.neverPassword",
    defaultMessage: "Your Hospipay password or a verification code. Codes are for you to type on this site, not to read out.",
  },
  neverPersonal: {
    id: "help.safety.neverPersonal",
    defaultMessage: "A payment into a personal bank account, a POS agent or a mobile-money wallet.",
  },
  neverFee: {
    id: "help.safety.neverFee",
    defaultMessage:
      'A "processing", "release" or "refund" fee. The only fee is the {fee} charge fee shown on the payment summary, and nobody pays to receive a refund.',
  },
  fakeTitle: { id: "help.safety.fakeTitle", defaultMessage: "How to spot a fake payment request" },
  addressHost: {
    id: "help.safety.addressHost",
    defaultMessage:
      "<b>Check the address.</b> Pay only on this site (<b>{host}</b>), typed yourself or opened from the hospital's own notices. A link in a message that leads elsewhere, or to a look-alike address, is not the hospital's.",
  },
  address: {
    id: "help.safety.address",
    defaultMessage:
      "<b>Check the address.</b> Pay only on this site, typed yourself or opened from the hospital's own notices. A link in a message that leads elsewhere, or to a look-alike address, is not the hospital's.",
  },
  cardStart: {
    id: "help.safety.cardStart",
    defaultMessage:
      "<b>Card payments start here.</b> You reach Remita's or Paystack's payment window only by pressing Pay on this site, never from a link someone sends you.",
  },
  transfers: {
    id: "help.safety.transfers",
    defaultMessage:
      "<b>Transfers go only to the account this site shows.</b> For a bank transfer, the account number and name come from this site's bank details page for your payment reference. Never use an account number sent by phone or message.",
  },
  reference: {
    id: "help.safety.reference",
    defaultMessage:
      "<b>Check the reference or RRR.</b> Look the payment up in <link>Transaction Invoices</link> on the home page. A request that does not appear there, or shows a different amount, is not from the hospital.",
  },
  receipt: {
    id: "help.safety.receipt",
    defaultMessage:
      "<b>A receipt is only a receipt when it says so.</b> A completed payment's receipt comes by e-mail and shows in the look-up as completed. A screenshot or a pending invoice is not proof of payment.",
  },
  pressure: {
    id: "help.safety.pressure",
    defaultMessage:
      '<b>Pressure is a warning sign.</b> "Pay now or treatment stops" from an unknown number is a reason to check with the Revenue Office first.',
  },
  walletTitle: { id: "help.safety.walletTitle", defaultMessage: "Keep your wallet safe" },
  walletPassword: {
    id: "help.safety.walletPassword",
    defaultMessage: "Use a password you use nowhere else, and log out on a shared computer or phone.",
  },
  walletShared: {
    id: "help.safety.walletShared",
    defaultMessage: "On a shared device, open <link>Privacy Settings</link> and clear this browser's data when you finish.",
  },
  walletCode: {
    id: "help.safety.walletCode",
    defaultMessage:
      "If you receive a verification code or password reset e-mail you did not ask for, do not share it with anyone.",
  },
  wrongTitle: { id: "help.safety.wrongTitle", defaultMessage: "If something went wrong" },
  wrongCard: {
    id: "help.safety.wrongCard",
    defaultMessage: "If you gave out card details, a PIN or an OTP, call your bank at once to block the card.",
  },
  wrongPaid: {
    id: "help.safety.wrongPaid",
    defaultMessage: "If you paid someone who is not the hospital, report it to your bank and to the police.",
  },
  wrongTell: {
    id: "help.safety.wrongTell",
    defaultMessage: "Tell the Revenue Office, with the message or number that contacted you, so that others can be warned.",
  },
});

export const privacyMessages = defineMessages({
  title: { id: "help.privacy.title", defaultMessage: "Privacy Settings" },
  intro: {
    id: "help.privacy.intro",
    defaultMessage:
      "See and clear what this browser keeps for Hospipay, and read what the hospital collects about you, why, for how long, and your rights under the Nigeria Data Protection Act 2023.",
  },
  nothingKept: { id: "help.privacy.nothingKept", defaultMessage: "This browser keeps nothing for Hospipay." },
  keptList: { id: "help.privacy.keptList", defaultMessage: "Kept in this browser" },
  keptTitle: { id: "help.privacy.keptTitle", defaultMessage: "What this browser keeps" },
  keptText: {
    id: "help.privacy.keptText",
    defaultMessage:
      "This is what Hospipay has stored in this browser right now. The <link>Cookie Policy</link> explains each item. No cookies are set.",
  },
  clearTitle: { id: "help.privacy.clearTitle", defaultMessage: "Clear this browser's data" },
  clearText: {
    id: "help.privacy.clearText",
    defaultMessage:
      "Removes everything above from this browser: you are signed out, your cart is emptied and remembered details are forgotten. Your account, wallet, payments and receipts stay safe with the hospital.",
  },
  clearButton: { id: "help.privacy.clearButton", defaultMessage: "Clear this browser's data" },
  cleared: {
    id: "help.privacy.cleared",
    defaultMessage: "This browser no longer keeps any Hospipay data, and you are signed out.",
  },
  collectsTitle: { id: "help.privacy.collectsTitle", defaultMessage: "What the hospital collects and why" },
  collectsContact: {
    id: "help.privacy.collects.contact",
    defaultMessage:
      "<b>Name, e-mail address and phone number</b>, yours or the patient's you pay for: to issue the payment, e-mail the receipt, verification codes and password links, and find past payments in the look-up (e-mail and the last six digits of the phone number).",
  },
  collectsHospitalNumber: {
    id: "help.privacy.collects.hospitalNumber",
    defaultMessage: "<b>Hospital number</b>: to match the payment to the patient's hospital record.",
  },
  collectsPayments: {
    id: "help.privacy.collects.payments",
    defaultMessage:
      "<b>Payment records</b> (services, amounts, method, reference, RRR, status, dates and the payment company's confirmation): to prove what was paid, issue receipts and refunds, and keep the hospital's accounts. Card payments are handled by Remita or Paystack; the hospital never receives your card number, PIN or CVV.",
  },
  collectsWallet: {
    id: "help.privacy.collects.wallet",
    defaultMessage:
      "<b>Wallet account</b> (your password, stored only in a form that cannot be read back, your balance and transactions): to run your prepaid wallet.",
  },
  collectsKyc: {
    id: "help.privacy.collects.kyc",
    defaultMessage:
      "<b>KYC details</b> (date of birth or of establishment, address, next of kin's name, phone and address, ID type and number) and, for a corporate account, <b>documents</b> (utility bill, CAC certificate, board letter): to confirm who owns a wallet before it holds larger sums, and to prevent fraud. Only the hospital's administrators who review KYC can see them.",
  },
  collectsSecurity: {
    id: "help.privacy.collects.security",
    defaultMessage:
      "<b>Security records</b> (your IP address, the time and the page requested, and what staff did on your payment): to keep the service safe, stop repeated guessing, and account for every staff action.",
  },
  collectsUse: {
    id: "help.privacy.collects.use",
    defaultMessage:
      "The hospital uses these to provide the service you ask for, to keep the financial records the law requires and to keep the service secure. It shares only what a payment needs with the payment company you choose (Remita, Monnify or Paystack) and with the service that delivers its e-mails. It does not sell your data or use it for advertising.",
  },
  keptLongTitle: { id: "help.privacy.keptLongTitle", defaultMessage: "How long it is kept" },
  keptPayments: {
    id: "help.privacy.kept.payments",
    defaultMessage:
      "<b>Payment records and receipts</b>, with the name, contact details and hospital number on them: at least six years after the end of the financial year of the payment, as Nigerian law on financial records requires, and longer only while an audit or dispute needs them.",
  },
  keptProfile: {
    id: "help.privacy.kept.profile",
    defaultMessage:
      "<b>Your wallet profile</b>: while your account is open; removed within 30 days of your request to close it, except what is part of a payment record.",
  },
  keptKyc: {
    id: "help.privacy.kept.kyc",
    defaultMessage:
      "<b>KYC details and documents</b>: while your account is open and for two years after it closes, then deleted.",
  },
  keptCodes: {
    id: "help.privacy.kept.codes",
    defaultMessage:
      "<b>Verification codes</b>: valid for {codeMinutes} minutes and deleted once used or replaced; <b>password reset links</b> work for {resetMinutes} minutes.",
  },
  keptSecurity: {
    id: "help.privacy.kept.security",
    defaultMessage:
      "<b>Security records</b>: up to 90 days; counters of repeated attempts, one day. Records of staff actions are kept with the payment they concern.",
  },
  rightsTitle: { id: "help.privacy.rightsTitle", defaultMessage: "Your rights" },
  rightsIntro: {
    id: "help.privacy.rightsIntro",
    defaultMessage: "Under the Nigeria Data Protection Act 2023 you may ask the hospital:",
  },
  rightAccess: {
    id: "help.privacy.right.access",
    defaultMessage: "<b>Access</b>: whether it holds data about you, and a copy of it.",
  },
  rightCorrection: {
    id: "help.privacy.right.correction",
    defaultMessage:
      "<b>Correction</b>: to fix what is wrong or incomplete. You can change most of your profile yourself in Account Settings.",
  },
  rightDeletion: {
    id: "help.privacy.right.deletion",
    defaultMessage: "<b>Deletion</b>: to erase your data, except records the law requires it to keep (payment records, above).",
  },
  rightObjection: {
    id: "help.privacy.right.objection",
    defaultMessage: "<b>Objection and restriction</b>: to stop or limit a use of your data.",
  },
  rightPortability: {
    id: "help.privacy.right.portability",
    defaultMessage:
      "<b>Portability</b>: your data in a common, machine-readable format (such as CSV), for you or another organisation.",
  },
  rightWithdrawal: {
    id: "help.privacy.right.withdrawal",
    defaultMessage:
      "<b>Withdrawal of consent</b>, where a use rests on your consent, and not to be subject to a decision made by a computer alone.",
  },
  rightsAnswer: {
    id: "help.privacy.rightsAnswer",
    defaultMessage:
      "The hospital answers within one month and may ask you to prove who you are first. If you are not satisfied, you may complain to the <b>Nigeria Data Protection Commission</b> (<link>ndpc.gov.ng</link>).",
  },
});
