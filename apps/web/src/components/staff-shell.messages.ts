import { defineMessages } from "../i18n";

/** The staff screens' frame: each role's navigation, the header's actions. */
export const staffShellMessages = defineMessages({
  superAdminNav: { id: "components.staffShell.superAdminNav", defaultMessage: "Super admin" },
  staffNav: { id: "components.staffShell.staffNav", defaultMessage: "Staff" },
  transactions: { id: "components.staffShell.transactions", defaultMessage: "Transactions" },
  staffAccounts: { id: "components.staffShell.staffAccounts", defaultMessage: "Staff accounts" },
  auditLog: { id: "components.staffShell.auditLog", defaultMessage: "Audit log" },
  bills: { id: "components.staffShell.bills", defaultMessage: "Bills" },
  waivers: { id: "components.staffShell.waivers", defaultMessage: "Waivers" },
  deskSale: { id: "components.staffShell.deskSale", defaultMessage: "Desk sale" },
  search: { id: "components.staffShell.search", defaultMessage: "Search" },
  patients: { id: "components.staffShell.patients", defaultMessage: "Patients" },
  myShift: { id: "components.staffShell.myShift", defaultMessage: "My shift" },
  shifts: { id: "components.staffShell.shifts", defaultMessage: "Shifts" },
  dayBook: { id: "components.staffShell.dayBook", defaultMessage: "Day book" },
  hmos: { id: "components.staffShell.hmos", defaultMessage: "HMOs" },
  admissions: { id: "components.staffShell.admissions", defaultMessage: "Admissions" },
  settlements: { id: "components.staffShell.settlements", defaultMessage: "Settlements" },
  verifyReceipt: { id: "components.staffShell.verifyReceipt", defaultMessage: "Verify receipt" },
  logout: { id: "components.staffShell.logout", defaultMessage: "Logout" },
  superAdminDenied: {
    id: "components.staffShell.superAdminDenied",
    defaultMessage: "Access Denied: Super admin privileges required.",
  },
});
