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
import { billStatusLabel } from "../utils/bill-format";
import { BillDetailDialog } from "./bill-detail-dialog";
import { BillStatusBadge } from "./bill-status-badge";
import { RaiseBillForm } from "./raise-bill-form";
import { formatWatDateTime } from "../../../lib/wat-time";

const STAFF_ROLES = new Set(["AGENT", "ADMIN", "SUPERADMIN"]);
const COLUMNS = ["Raised (WAT)", "Patient", "Hospital number", "Total", "Paid", "Left", "Status", "Actions"];

/** Shown to a signed-in user who is not staff (the route guards already keep customers out). */
export const BILLS_DENIED = "Access Denied: Staff privileges required.";

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
    <StaffShell label={agent ? "Agent Panel" : "Admin Panel"} badge={agent ? "AG" : "AD"} title="Bills">
      {user && STAFF_ROLES.has(user.role) ? (
        <Bills />
      ) : (
        <Alert tone="error" className="mt-6">
          {BILLS_DENIED}
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
          {raising ? "Close the form" : "Raise a bill"}
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
          Find a bill
        </h2>
        <Form
          aria-label="Search bills"
          onSubmit={() => {
            setSearch(draft.trim());
            setPage(1);
          }}
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <TextField
            label="Search"
            type="search"
            className="grow"
            maxLength={100}
            value={draft}
            onValueChange={setDraft}
            hint="Hospital number, patient name, phone, e-mail or the bill's token."
          />
          <div className="flex gap-2 sm:mb-7">
            <Button type="submit" variant="secondary">
              Search
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
              Clear
            </Button>
          </div>
        </Form>

        <div className="mt-4" aria-busy={bills.isFetching || undefined}>
          {bills.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              Loading bills…
            </p>
          ) : bills.isError && results.length === 0 ? (
            <div role="alert" className="space-y-3">
              <p className="text-sm font-medium text-red-700">Error: {failureText(bills.error, "Failed to load bills.")}</p>
              <Button variant="secondary" busy={bills.isFetching} onClick={() => void bills.refetch()}>
                Try again
              </Button>
            </div>
          ) : results.length === 0 ? (
            <p role="status" className="text-sm text-slate-600">
              {search ? `No bills match "${search}".` : "No bills have been raised yet."}
            </p>
          ) : (
            <>
              <p role="status" className="mb-3 text-sm text-slate-600">
                {search
                  ? `${count} ${count === 1 ? "bill matches" : "bills match"} "${search}".`
                  : `${count} ${count === 1 ? "bill" : "bills"}`}
              </p>
              <DataTable label="Bills table" caption="Bills, newest first" columns={COLUMNS}>
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
                        aria-label={`Open the ${billStatusLabel(bill.status).toLowerCase()} bill of ${bill.patient_name}, ${formatNairaAmount(bill.total)}`}
                        onClick={() => setOpen(bill.token)}
                      >
                        Open
                      </Button>
                    </td>
                  </tr>
                ))}
              </DataTable>
              {pages > 1 && (
                <nav aria-label="Bill pages" className="mt-4 flex items-center justify-between gap-3">
                  <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((value) => value - 1)}>
                    Previous
                  </Button>
                  <span className="text-sm text-slate-600">
                    Page {page} of {pages}
                  </span>
                  <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((value) => value + 1)}>
                    Next
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
