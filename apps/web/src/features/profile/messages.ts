import { defineMessages } from "../../i18n";

export const settingsMessages = defineMessages({
  title: { id: "profile.settings.title", defaultMessage: "Account Settings" },
  lead: { id: "profile.settings.lead", defaultMessage: "Manage your profile, preferences and privacy." },
  tabs: { id: "profile.settings.tabs", defaultMessage: "Account settings" },
  accountTab: { id: "profile.settings.accountTab", defaultMessage: "Account" },
  passwordTab: { id: "profile.settings.passwordTab", defaultMessage: "Change Password" },
  kycTab: { id: "profile.settings.kycTab", defaultMessage: "KYC" },
});

export const accountMessages = defineMessages({
  form: { id: "profile.account.form", defaultMessage: "Account details" },
  firstName: { id: "profile.account.firstName", defaultMessage: "First name" },
  lastName: { id: "profile.account.lastName", defaultMessage: "Last name" },
  email: { id: "profile.account.email", defaultMessage: "Email" },
  phoneNumber: { id: "profile.account.phoneNumber", defaultMessage: "Phone number" },
  hospitalNumber: { id: "profile.account.hospitalNumber", defaultMessage: "Hospital number" },
  nextOfKinName: { id: "profile.account.nextOfKinName", defaultMessage: "Next of kin name" },
  nextOfKinPhone: { id: "profile.account.nextOfKinPhone", defaultMessage: "Next of kin phone" },
  nextOfKinAddress: { id: "profile.account.nextOfKinAddress", defaultMessage: "Next of kin address" },
  updated: { id: "profile.account.updated", defaultMessage: "Profile updated successfully!" },
  save: { id: "profile.account.save", defaultMessage: "Save" },
});

export const changePasswordMessages = defineMessages({
  form: { id: "profile.changePassword.form", defaultMessage: "Change password" },
  current: { id: "profile.changePassword.current", defaultMessage: "Current password" },
  new: { id: "profile.changePassword.new", defaultMessage: "New password" },
  hint: { id: "profile.changePassword.hint", defaultMessage: "At least {minLength} characters." },
  confirm: { id: "profile.changePassword.confirm", defaultMessage: "Confirm new password" },
  updated: { id: "profile.changePassword.updated", defaultMessage: "Password updated successfully!" },
  submit: { id: "profile.changePassword.submit", defaultMessage: "Update password" },
});

export const kycMessages = defineMessages({
  personal: { id: "profile.kyc.accountType.individual", defaultMessage: "Personal" },
  corporate: { id: "profile.kyc.accountType.corporate", defaultMessage: "Corporate" },
  nin: { id: "profile.kyc.idType.nin", defaultMessage: "NIN" },
  passport: { id: "profile.kyc.idType.passport", defaultMessage: "International Passport" },
  driversLicense: { id: "profile.kyc.idType.driversLicense", defaultMessage: "Driver's Licence" },
  votersCard: { id: "profile.kyc.idType.votersCard", defaultMessage: "Voter's Card" },
  loading: { id: "profile.kyc.loading", defaultMessage: "Loading KYC details…" },
  tryAgain: { id: "profile.kyc.tryAgain", defaultMessage: "Try again" },
  notSubmitted: {
    id: "profile.kyc.notSubmitted",
    defaultMessage: "You have not submitted your KYC yet. Fill in the form below to get verified.",
  },
  status: { id: "profile.kyc.status", defaultMessage: "Status" },
  statusValue: {
    id: "profile.kyc.statusValue",
    defaultMessage: "{status, select, verified {verified} PENDING {PENDING} REJECTED {REJECTED} other {{status}}}",
  },
  unknown: { id: "profile.kyc.unknown", defaultMessage: "Unknown" },
  tierLevel: { id: "profile.kyc.tierLevel", defaultMessage: "Tier level" },
  notApplicable: { id: "profile.kyc.notApplicable", defaultMessage: "N/A" },
  rejectionReason: { id: "profile.kyc.rejectionReason", defaultMessage: "<b>Rejection reason:</b> {reason}" },
  noReason: { id: "profile.kyc.noReason", defaultMessage: "No reason given." },
  updated: { id: "profile.kyc.updated", defaultMessage: "KYC updated successfully!" },
  submitted: { id: "profile.kyc.submitted", defaultMessage: "KYC submitted successfully!" },
  submitting: { id: "profile.kyc.submitting", defaultMessage: "Submitting..." },
  update: { id: "profile.kyc.update", defaultMessage: "Update KYC" },
  submit: { id: "profile.kyc.submit", defaultMessage: "Submit KYC" },
  heading: { id: "profile.kyc.heading", defaultMessage: "KYC verification" },
  form: { id: "profile.kyc.form", defaultMessage: "KYC details" },
  accountType: { id: "profile.kyc.accountType", defaultMessage: "Account type" },
  accountTypeHint: {
    id: "profile.kyc.accountTypeHint",
    defaultMessage: "A corporate account needs the upgrade below, with its three documents.",
  },
  establishedOn: { id: "profile.kyc.establishedOn", defaultMessage: "Date of Establishment" },
  bornOn: { id: "profile.kyc.bornOn", defaultMessage: "Date of Birth" },
  officeAddress: { id: "profile.kyc.officeAddress", defaultMessage: "Office Address" },
  address: { id: "profile.kyc.address", defaultMessage: "Address" },
  nextOfKinName: { id: "profile.kyc.nextOfKinName", defaultMessage: "Next of kin name" },
  nextOfKinPhone: { id: "profile.kyc.nextOfKinPhone", defaultMessage: "Next of kin phone" },
  nextOfKinAddress: { id: "profile.kyc.nextOfKinAddress", defaultMessage: "Next of kin address" },
  idType: { id: "profile.kyc.idType", defaultMessage: "ID type" },
  idNumber: { id: "profile.kyc.idNumber", defaultMessage: "ID number" },
});

export const corporateMessages = defineMessages({
  utilityBill: { id: "profile.corporate.slot.utilityBill", defaultMessage: "Utility bill" },
  cacCertificate: { id: "profile.corporate.slot.cacCertificate", defaultMessage: "CAC certificate" },
  boardLetter: { id: "profile.corporate.slot.boardLetter", defaultMessage: "Board letter" },
  heading: { id: "profile.corporate.heading", defaultMessage: "Corporate account" },
  open: { id: "profile.corporate.open", defaultMessage: "Corporate Account" },
  upgrade: { id: "profile.corporate.upgrade", defaultMessage: "Upgrade to Corporate" },
  form: { id: "profile.corporate.form", defaultMessage: "Corporate documents" },
  instructions: {
    id: "profile.corporate.instructions",
    defaultMessage: "Upload all three documents (PDF, DOC, DOCX, PNG, JPG or JPEG, up to 5 MB each).",
  },
  submit: { id: "profile.corporate.submit", defaultMessage: "Upload documents" },
});
