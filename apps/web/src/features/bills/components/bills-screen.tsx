import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { StaffShell } from "../../../components/layout/staff-shell";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { Form, TextField } from "../../../components/ui/form";
import { formatNairaAmount } from "../../../lib/money";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { failureText } from "../api/bills-error";
import { BILLS_PAGE_SIZE, useBills } from "../api/get-bills";
import { BillDetailDialog } from "./bill-detail-dialog";
import { BillStatusBadge } from "./bill-status-badge";
import { RaiseBillForm } from "./raise-bill-form";
import { formatWatDateTime } from "../../../lib/wat-time";
import { t } from "../../../i18n";
import { billsCommonMessages as c, billsScreenMessages as m } from "../messages";

const STAFF_ROLES = new Set(["AGENT", "ADMIN", "SUPERADMIN"]);
const COLUMNS = [m.colRaised, m.colPatient, m.colHospitalNumber, c.total, c.paid, m.colLeft, m.colStatus, m.colActions];

/**
 * /agentdashboard/bills, /admindashboard/bills and /superdashboard/bills (beyond SPEC, issue 21): staff
 * raise bills for patients, find them by hospital number, name, phone, e-mail or token, and open one to
 * share its link, print its slip or cancel it. `?bill={token}` opens that bill's dialog (the staff search
 * links there); closing it takes the parameter off the address.
 */
export function BillsScreen() {
  const user = useCurrentUser();
  const agent = user?.role === "AGENT";
  return (
    <StaffShell label={t(agent ? c.agentPanel : c.adminPanel)} badge={agent ? "AG" : "AD"} title={t(m.title)}>
      {user && STAFF_ROLES.has(user.role) ? (
        <Bills />
      ) : (
        <Alert tone="error" className="mt-6">
          {t(m.denied)}
        </Alert>
      )}
    </StaffShell>
  );
}

function Bills() {
  const [raising, setRaising] = useState(false);
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<string | null>(() => params.get("bill") || null);
  const [created, setCreated] = useState<string | null>(null);
  const raiseButton = useRef<HTMLButtonElement>(null);
  const bills = useBills(search, page);
  const results = bills.data?.results ?? [];
  const count = bills.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / BILLS_PAGE_SIZE));

  return (
    <>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button ref={raiseButton} aria-expanded={raising} onClick={() => setRaising((value) => !value)}>
          {t(raising ? m.closeForm : m.raise)}
        </Button>
        {created && (
          <Alert tone="success" className="grow">
            {created}
          </Alert>
        )}
      </div>

      {raising && (
        <RaiseBillForm
          onCancel={() => {
            setRaising(false);
            raiseButton.current?.focus();
          }}
          onCreated={(token, detail) => {
            setRaising(false);
            setCreated(detail);
            setSearch("");
            setDraft("");
            setPage(1);
            setOpen(token);
          }}
        />
      )}

      <section aria-labelledby="bills-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="bills-heading" className="text-xl font-semibold text-slate-900">
          {t(m.findHeading)}
        </h2>
        <Form
          aria-label={t(m.searchForm)}
          onSubmit={() => {
            setSearch(draft.trim());
            setPage(1);
          }}
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <TextField
            label={t(m.search)}
            type="search"
            className="grow"
            maxLength={100}
            value={draft}
            onValueChange={setDraft}
            hint={t(m.searchHint)}
          />
          <div className="flex gap-2 sm:mb-7">
            <Button type="submit" variant="secondary">
              {t(m.search)}
            </Button>
            <Button
              variant="ghost"
              disabled={draft === "" && search === ""}
              onClick={() => {
                setDraft("");
                setSearch("");
                setPage(1);
              }}
            >
              {t(m.clear)}
            </Button>
          </div>
        </Form>

        <div className="mt-4" aria-busy={bills.isFetching || undefined}>
          {bills.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              {t(m.loading)}
            </p>
          ) : bills.isError && results.length === 0 ? (
            <div role="alert" className="space-y-3">
              <p className="text-sm font-medium text-red-700">
                {t(c.error, { message: failureText(bills.error, t(c.loadBillsFailed)) })}
              </p>
              <Button variant="secondary" busy={bills.isFetching} onClick={() => void bills.refetch()}>
                {t(c.tryAgain)}
              </Button>
            </div>
          ) : results.length === 0 ? (
            <p role="status" className="text-sm text-slate-600">
              {search ? t(m.noMatch, { search }) : t(m.none)}
            </p>
          ) : (
            <>
              <p role="status" className="mb-3 text-sm text-slate-600">
                {search ? t(m.countMatch, { count, search }) : t(m.count, { count })}
              </p>
              <DataTable label={t(m.tableLabel)} caption={t(m.tableCaption)} columns={COLUMNS.map((column) => t(column))}>
                {results.map((bill) => (
                  <tr key={bill.token}>
                    <td className={cn(cellClasses, "whitespace-nowrap")}>
                      <time dateTime={bill.created_at}>{formatWatDateTime(bill.created_at)}</time>
                    </td>
                    <td className={cn(cellClasses, "min-w-40", breakAnywhere)}>
                      <span className="block font-medium text-slate-900">{bill.patient_name}</span>
                      <span className="block text-slate-600">{bill.patient_phone}</span>
                      {bill.patient_email && <span className="block text-slate-600">{bill.patient_email}</span>}
                    </td>
                    <td className={cn(cellClasses, breakAnywhere)}>{bill.hospital_number}</td>
                    <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(bill.total)}</td>
                    <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(bill.paid)}</td>
                    <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(bill.left)}</td>
                    <td className={cellClasses}>
                      <BillStatusBadge status={bill.status} />
                    </td>
                    <td className={cellClasses}>
                      <Button
                        variant="secondary"
                        aria-label={t(m.openLabel, {
                          status: bill.status,
                          name: bill.patient_name,
                          total: formatNairaAmount(bill.total),
                        })}
                        onClick={() => setOpen(bill.token)}
                      >
                        {t(m.open)}
                      </Button>
                    </td>
                  </tr>
                ))}
              </DataTable>
              {pages > 1 && (
                <nav aria-label={t(m.pages)} className="mt-4 flex items-center justify-between gap-3">
                  <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((value) => value - 1)}>
                    {t(m.previous)}
                  </Button>
                  <span className="text-sm text-slate-600">{t(m.page, { page, pages })}</span>
                  <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((value) => value + 1)}>
                    {t(m.next)}
                  </Button>
                </nav>
              )}
            </>
          )}
        </div>
      </section>

      <BillDetailDialog
        token={open}
        onClose={() => {
          setOpen(null);
          if (params.has("bill"))
            setParams(
              (current) => {
                current.delete("bill");
                return current;
              },
              { replace: true },
            );
        }}
      />
    </>
  );
}
