import { isValidElement, lazy, Suspense, type ComponentType } from "react";
import { matchRoutes, Outlet, useRoutes, type RouteObject } from "react-router";
import { OfflineBanner } from "../components/layout/offline-banner";
import { PublicLayout } from "../components/layout/public-layout";
import { PageLoader } from "../components/ui/page-loader";
import { SkeletonCards } from "../components/ui/skeleton-cards";
import { screensPreloaded } from "../lib/screen-preloads";
import { getToken } from "../lib/session/session-store";
import { GuestOnly } from "./guards/guest-only";
import { RequireRole } from "./guards/require-role";
import { NotFoundScreen } from "./not-found-screen";
import { QuickPayHost } from "./quick-pay-host";
import { RouteErrorBoundary } from "./route-error";
import { ScrollRestoration } from "./scroll-restoration";

/** A lazily loaded screen that can be loaded ahead of its first render (`preloadRoute`). */
type Screen = ComponentType & { preload: () => Promise<void> };

/**
 * React.lazy for a named export, so every screen is its own chunk. Once its code is loaded, the
 * screen renders without suspending: a page whose screen was preloaded shows no loading stand-in
 * (which React would also keep on screen for at least 300 ms).
 */
function lazyScreen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): Screen {
  let Loaded: ComponentType | undefined;
  const preload = async () => {
    Loaded = (await load())[name] as ComponentType;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType };
  });
  const Screen = () => (Loaded ? <Loaded /> : <Lazy />);
  Screen.preload = preload;
  return Screen;
}

// The signed-in header is not part of a guest's download either.
const CustomerLayoutChunk = lazyScreen(() => import("../components/layout/customer-layout"), "CustomerLayout");
const LandingScreen = lazyScreen(() => import("../features/landing/components/landing-screen"), "LandingScreen");
const AboutScreen = lazyScreen(() => import("../features/landing/components/about-screen"), "AboutScreen");
// The footer's pages (issue 20).
const FaqScreen = lazyScreen(() => import("../features/help/components/faq-screen"), "FaqScreen");
const SafetyTipsScreen = lazyScreen(() => import("../features/help/components/safety-tips-screen"), "SafetyTipsScreen");
const TermsScreen = lazyScreen(() => import("../features/help/components/terms-screen"), "TermsScreen");
const CookiePolicyScreen = lazyScreen(() => import("../features/help/components/cookie-policy-screen"), "CookiePolicyScreen");
const PrivacySettingsScreen = lazyScreen(
  () => import("../features/help/components/privacy-settings-screen"),
  "PrivacySettingsScreen",
);
const LoginScreen = lazyScreen(() => import("../features/auth/components/login-screen"), "LoginScreen");
const RegisterScreen = lazyScreen(() => import("../features/auth/components/register-screen"), "RegisterScreen");
const VerifyScreen = lazyScreen(() => import("../features/auth/components/verify-screen"), "VerifyScreen");
const ForgotPasswordScreen = lazyScreen(
  () => import("../features/auth/components/forgot-password-screen"),
  "ForgotPasswordScreen",
);
const ResetPasswordScreen = lazyScreen(() => import("../features/auth/components/reset-password-screen"), "ResetPasswordScreen");
const ReceiptScreen = lazyScreen(() => import("../features/checkout/components/receipt-screen"), "ReceiptScreen");
const PaymentSuccessScreen = lazyScreen(
  () => import("../features/checkout/components/payment-success-screen"),
  "PaymentSuccessScreen",
);
const BankDetailsScreen = lazyScreen(() => import("../features/checkout/components/bank-details-screen"), "BankDetailsScreen");
const WalletHomeScreen = lazyScreen(() => import("../features/wallet-home/components/wallet-home-screen"), "WalletHomeScreen");
const WalletPayScreen = lazyScreen(() => import("../features/wallet/components/wallet-pay-screen"), "WalletPayScreen");
const ProfileEditScreen = lazyScreen(() => import("../features/profile/components/profile-edit-screen"), "ProfileEditScreen");
const AdminDashboardScreen = lazyScreen(
  () => import("../features/staff/components/staff-dashboard-screen"),
  "AdminDashboardScreen",
);
const AgentDashboardScreen = lazyScreen(
  () => import("../features/staff/components/staff-dashboard-screen"),
  "AgentDashboardScreen",
);
// Beyond SPEC: the super admin's own screens, each its own chunk.
const StaffUsersScreen = lazyScreen(() => import("../features/staff/components/staff-users-screen"), "StaffUsersScreen");
const AuditLogScreen = lazyScreen(() => import("../features/staff/components/audit-log-screen"), "AuditLogScreen");
// Beyond SPEC (issue 21): bills raised by staff, in each staff area, and the page a bill's link opens.
const BillsScreen = lazyScreen(() => import("../features/bills/components/bills-screen"), "BillsScreen");
// Beyond SPEC (issue 36): discounts and waivers waiting for an officer's decision, in each staff area.
const WaiversScreen = lazyScreen(() => import("../features/bills/components/waivers-screen"), "WaiversScreen");
// Issue 36: services sold over the counter with no bill, in cash or by POS, in each staff area.
const DeskSaleScreen = lazyScreen(() => import("../features/bills/components/desk-sale-screen"), "DeskSaleScreen");
const SettlementsScreen = lazyScreen(() => import("../features/settlements/components/settlements-screen"), "SettlementsScreen");
const AdmissionsScreen = lazyScreen(() => import("../features/bills/components/admissions-screen"), "AdmissionsScreen");
const PayBillScreen = lazyScreen(() => import("../features/bills/components/pay-bill-screen"), "PayBillScreen");
// Beyond SPEC (issue 21): staff find a patient's bills and payments in one list.
const StaffSearchScreen = lazyScreen(
  () => import("../features/staff-search/components/staff-search-screen"),
  "StaffSearchScreen",
);
// Beyond SPEC (issue 21): each staff member's shift, and the admins' shifts of a day.
const PatientsScreen = lazyScreen(() => import("../features/patients/components/patients-screen"), "PatientsScreen");
const MyShiftScreen = lazyScreen(() => import("../features/shifts/components/my-shift-screen"), "MyShiftScreen");
const ShiftsScreen = lazyScreen(() => import("../features/shifts/components/shifts-screen"), "ShiftsScreen");
// Issue 36: the admins' day book, a day's or a month's money against the ledger.
const DayBookScreen = lazyScreen(() => import("../features/day-book/components/day-book-screen"), "DayBookScreen");
// Beyond SPEC (issue 37): the HMOs, their plans and coverage rules.
const HmosScreen = lazyScreen(() => import("../features/hmos/components/hmos-screen"), "HmosScreen");
// Beyond SPEC (issue 21): receipt codes checked by anybody, scanned and given at the point of care by staff.
const VerifyReceiptScreen = lazyScreen(
  () => import("../features/receipts/components/verify-receipt-screen"),
  "VerifyReceiptScreen",
);

function CustomerLayout() {
  return (
    <Suspense fallback={<SkeletonCards />}>
      <CustomerLayoutChunk />
    </Suspense>
  );
}
CustomerLayout.preload = CustomerLayoutChunk.preload;

/**
 * Inside the router, so that the service selection dialog can navigate; around every screen, so that any
 * can open it. The offline notice sits above every page.
 */
function Root() {
  return (
    <QuickPayHost>
      <OfflineBanner />
      <ScrollRestoration />
      <Outlet />
    </QuickPayHost>
  );
}

/** Staff screens bring their own header, so they only need a loading fallback. */
function Bare() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}

/** Every route of SPEC §2, with its guard. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: "/", element: <LandingScreen /> },
          { path: "/about", element: <AboutScreen /> },
          { path: "/faq", element: <FaqScreen /> },
          { path: "/safety-tips", element: <SafetyTipsScreen /> },
          { path: "/terms", element: <TermsScreen /> },
          { path: "/cookie-policy", element: <CookiePolicyScreen /> },
          { path: "/privacy-settings", element: <PrivacySettingsScreen /> },
          { element: <GuestOnly />, children: [{ path: "/login", element: <LoginScreen /> }] },
          { path: "/register", element: <RegisterScreen /> },
          { path: "/verify", element: <VerifyScreen /> },
          { path: "/forgot-password", element: <ForgotPasswordScreen /> },
          { path: "/reset-password", element: <ResetPasswordScreen /> },
          { path: "/receipt", element: <ReceiptScreen /> },
          { path: "/payment-success", element: <PaymentSuccessScreen /> },
          { path: "/bank-details/:method/:reference", element: <BankDetailsScreen /> },
          { path: "/pay/:token", element: <PayBillScreen /> },
          { path: "/verify-receipt", element: <VerifyReceiptScreen /> },
          { path: "*", element: <NotFoundScreen /> },
        ],
      },
      {
        element: <RequireRole guard="customer" />,
        children: [{ element: <CustomerLayout />, children: [{ path: "/dashboard", element: <WalletHomeScreen /> }] }],
      },
      {
        element: <RequireRole guard="user" />,
        children: [
          {
            element: <CustomerLayout />,
            children: [
              { path: "/wallet-pay", element: <WalletPayScreen /> },
              { path: "/profile/edit", element: <ProfileEditScreen /> },
            ],
          },
        ],
      },
      {
        element: <Bare />,
        children: [
          {
            element: <RequireRole guard="admin" />,
            children: [
              { path: "/admindashboard", element: <AdminDashboardScreen /> },
              { path: "/admindashboard/bills", element: <BillsScreen /> },
              { path: "/admindashboard/waivers", element: <WaiversScreen /> },
              { path: "/admindashboard/desk-sale", element: <DeskSaleScreen /> },
              { path: "/admindashboard/admissions", element: <AdmissionsScreen /> },
              { path: "/admindashboard/search", element: <StaffSearchScreen /> },
              { path: "/admindashboard/patients", element: <PatientsScreen /> },
              { path: "/admindashboard/shift", element: <MyShiftScreen /> },
              { path: "/admindashboard/shifts", element: <ShiftsScreen /> },
              { path: "/admindashboard/daybook", element: <DayBookScreen /> },
              { path: "/admindashboard/hmos", element: <HmosScreen /> },
              { path: "/admindashboard/settlements", element: <SettlementsScreen /> },
            ],
          },
          {
            element: <RequireRole guard="superadmin" />,
            children: [
              { path: "/superdashboard", element: <AdminDashboardScreen /> },
              { path: "/superdashboard/staff", element: <StaffUsersScreen /> },
              { path: "/superdashboard/audit-log", element: <AuditLogScreen /> },
              { path: "/superdashboard/bills", element: <BillsScreen /> },
              { path: "/superdashboard/waivers", element: <WaiversScreen /> },
              { path: "/superdashboard/desk-sale", element: <DeskSaleScreen /> },
              { path: "/superdashboard/admissions", element: <AdmissionsScreen /> },
              { path: "/superdashboard/search", element: <StaffSearchScreen /> },
              { path: "/superdashboard/patients", element: <PatientsScreen /> },
              { path: "/superdashboard/shift", element: <MyShiftScreen /> },
              { path: "/superdashboard/shifts", element: <ShiftsScreen /> },
              { path: "/superdashboard/daybook", element: <DayBookScreen /> },
              { path: "/superdashboard/hmos", element: <HmosScreen /> },
              { path: "/superdashboard/settlements", element: <SettlementsScreen /> },
            ],
          },
          {
            element: <RequireRole guard="agent" />,
            children: [
              { path: "/agentdashboard", element: <AgentDashboardScreen /> },
              { path: "/agentdashboard/bills", element: <BillsScreen /> },
              { path: "/agentdashboard/waivers", element: <WaiversScreen /> },
              { path: "/agentdashboard/desk-sale", element: <DeskSaleScreen /> },
              { path: "/agentdashboard/admissions", element: <AdmissionsScreen /> },
              { path: "/agentdashboard/search", element: <StaffSearchScreen /> },
              { path: "/agentdashboard/patients", element: <PatientsScreen /> },
              { path: "/agentdashboard/shift", element: <MyShiftScreen /> },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The screens for the current location, in a declarative router (<BrowserRouter>, or <MemoryRouter>
 * in tests): a data router's own code would be part of a guest's first download, and the app uses
 * none of its data APIs. The error screen and scroll restoration a data router gave are ours.
 */
export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}

/**
 * Loads the code of the screens (and layouts) that `pathname` shows, so that the first render needs
 * no loading stand-in (main.tsx waits for it). Failures are left for the render to show.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  // After the boot entry's preload links (lib/screen-preloads.ts), in a task of its own: matching the routes
  // (25 ms at a phone's 4× slower CPU) would lengthen the app's first task.
  await screensPreloaded();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const types = (matchRoutes(routes, pathname) ?? []).map(({ route }) =>
    isValidElement(route.element) ? route.element.type : null,
  );
  // Without a session a guard sends the visitor to /login: its screens are never shown, nor loaded.
  const guard = types.indexOf(RequireRole);
  const shown = guard >= 0 && getToken() === null ? types.slice(0, guard) : types;
  const screens = shown.filter((type): type is Screen => typeof type === "function" && "preload" in type);
  await Promise.all(screens.map((screen) => screen.preload().catch(() => undefined)));
}
