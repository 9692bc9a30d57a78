import { defineMessages } from "../../i18n";

/** Texts shared by the auth screens. */
export const authMessages = defineMessages({
  email: { id: "auth.common.email", defaultMessage: "Email" },
  password: { id: "auth.common.password", defaultMessage: "Password" },
  newPassword: { id: "auth.common.newPassword", defaultMessage: "New password" },
  confirmNewPassword: { id: "auth.common.confirmNewPassword", defaultMessage: "Confirm new password" },
  backToSignIn: { id: "auth.common.backToSignIn", defaultMessage: "Back to sign in" },
  takingYouToSignIn: { id: "auth.common.takingYouToSignIn", defaultMessage: "Taking you to sign in…" },
});

export const loginMessages = defineMessages({
  title: { id: "auth.login.title", defaultMessage: "Sign In" },
  subtitle: { id: "auth.login.subtitle", defaultMessage: "Welcome back. Sign in to your wallet." },
  newHere: { id: "auth.login.newHere", defaultMessage: "New to Hospipay?" },
  createAccount: { id: "auth.login.createAccount", defaultMessage: "Create an account" },
  form: { id: "auth.login.form", defaultMessage: "Sign in" },
  forgotPassword: { id: "auth.login.forgotPassword", defaultMessage: "Forgot password?" },
  submit: { id: "auth.login.submit", defaultMessage: "Sign In" },
  verifyToContinue: { id: "auth.login.verifyToContinue", defaultMessage: "Please verify your email to continue." },
});

export const registerMessages = defineMessages({
  title: { id: "auth.register.title", defaultMessage: "Create Your Wallet" },
  subtitle: { id: "auth.register.subtitle", defaultMessage: "Pay hospital bills faster with a prepaid wallet." },
  created: { id: "auth.register.created", defaultMessage: "Your wallet has been created." },
  checkEmail: {
    id: "auth.register.checkEmail",
    defaultMessage: "Check your email for the verification code. Taking you to sign in…",
  },
  haveCode: { id: "auth.register.haveCode", defaultMessage: "Have your code already? <link>Verify your email</link>" },
  haveAccount: { id: "auth.register.haveAccount", defaultMessage: "Already have an account? <link>Sign in</link>" },
  form: { id: "auth.register.form", defaultMessage: "Create your wallet" },
  firstName: { id: "auth.register.firstName", defaultMessage: "First name" },
  lastName: { id: "auth.register.lastName", defaultMessage: "Last name" },
  phoneNumber: { id: "auth.register.phoneNumber", defaultMessage: "Phone number" },
  passwordHint: { id: "auth.register.passwordHint", defaultMessage: "At least 8 characters." },
  submit: { id: "auth.register.submit", defaultMessage: "Create Wallet" },
});

export const forgotPasswordMessages = defineMessages({
  title: { id: "auth.forgotPassword.title", defaultMessage: "Reset Your Password" },
  subtitle: {
    id: "auth.forgotPassword.subtitle",
    defaultMessage: "Enter the email of your wallet and we will send you a link to choose a new password.",
  },
  form: { id: "auth.forgotPassword.form", defaultMessage: "Reset your password" },
  submit: { id: "auth.forgotPassword.submit", defaultMessage: "Send reset link" },
});

export const resetPasswordMessages = defineMessages({
  title: { id: "auth.resetPassword.title", defaultMessage: "Set a New Password" },
  invalidLink: {
    id: "auth.resetPassword.invalidLink",
    defaultMessage: "This password reset link is invalid or incomplete. Please request a new one.",
  },
  requestNew: { id: "auth.resetPassword.requestNew", defaultMessage: "Request a new reset link" },
  signInWithNew: { id: "auth.resetPassword.signInWithNew", defaultMessage: "Sign in with your new password" },
  done: { id: "auth.resetPassword.done", defaultMessage: "Your password has been reset." },
  subtitle: {
    id: "auth.resetPassword.subtitle",
    defaultMessage: "Choose a new password of at least {minLength} characters.",
  },
  form: { id: "auth.resetPassword.form", defaultMessage: "Set a new password" },
  submit: { id: "auth.resetPassword.submit", defaultMessage: "Reset password" },
});

export const verifyMessages = defineMessages({
  title: { id: "auth.verify.title", defaultMessage: "Verify Your Email" },
  codeInvalid: { id: "auth.verify.codeInvalid", defaultMessage: "Enter the {length}-digit code." },
  verified: { id: "auth.verify.verified", defaultMessage: "Your email has been verified." },
  goToSignIn: { id: "auth.verify.goToSignIn", defaultMessage: "Go to sign in" },
  sentTo: { id: "auth.verify.sentTo", defaultMessage: "Enter the {length}-digit code we sent to <strong>{email}</strong>." },
  fromEmail: { id: "auth.verify.fromEmail", defaultMessage: "Enter the {length}-digit code from your email." },
  form: { id: "auth.verify.form", defaultMessage: "Verify your email" },
  code: { id: "auth.verify.code", defaultMessage: "Verification code" },
  submit: { id: "auth.verify.submit", defaultMessage: "Verify" },
  noCode: { id: "auth.verify.noCode", defaultMessage: "Didn't get the code?" },
  resend: { id: "auth.verify.resend", defaultMessage: "Resend code" },
  resendIn: { id: "auth.verify.resendIn", defaultMessage: "You can resend the code in {seconds}s." },
  sendBySms: { id: "auth.verify.sendBySms", defaultMessage: "Send the code by SMS" },
  smsIn: { id: "auth.verify.smsIn", defaultMessage: "You can ask for another SMS in {seconds}s." },
});
