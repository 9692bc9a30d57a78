import { act, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DataTable } from "./data-table";

const HINT = "Scroll sideways to see every column.";

/**
 * jsdom has no layout: the region's widths and ResizeObserver's callbacks are played by hand. As in a
 * browser, an observer reports each element it starts observing once, after the next layout (`layOut`),
 * and again whenever its size changes (`resize`).
 */
function fakeLayout(widths: { scrollWidth: number; clientWidth: number }) {
  const observers: Array<() => void> = [];
  const firstReports: Array<() => void> = [];
  vi.stubGlobal(
    "ResizeObserver",
    class {
      private readonly callback: () => void;
      constructor(callback: () => void) {
        this.callback = callback;
        observers.push(callback);
      }
      observe() {
        firstReports.push(this.callback);
      }
      disconnect() {}
    },
  );
  vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockImplementation(() => widths.scrollWidth);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockImplementation(() => widths.clientWidth);
  return {
    layOut() {
      act(() => firstReports.splice(0).forEach((callback) => callback()));
    },
    resize(next: { scrollWidth: number; clientWidth: number }) {
      Object.assign(widths, next);
      act(() => observers.forEach((callback) => callback()));
    },
  };
}

function renderTable() {
  render(
    <DataTable label="Payments table" caption="Payments" columns={["Reference", "Customer"]}>
      <tr>
        <td>HSP-1</td>
        <td>Ada</td>
      </tr>
    </DataTable>,
  );
  return screen.getByRole("region", { name: "Payments table" });
}

describe("DataTable", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is a labelled, focusable scroll region holding a captioned table with the given columns", () => {
    const region = renderTable();
    expect(region).toHaveAttribute("tabindex", "0");
    const table = within(region).getByRole("table", { name: "Payments" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Reference", "Customer"]);
    expect(
      within(table)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["HSP-1", "Ada"]);
  });

  it("says it scrolls sideways only while its table is wider than it is", () => {
    const layout = fakeLayout({ scrollWidth: 900, clientWidth: 330 });
    const region = renderTable();
    // Nothing is measured before the browser has laid the table out: measuring during the render would
    // force a layout of its own.
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
    layout.layOut();
    expect(screen.getByText(HINT)).toBeVisible();
    expect(region).toHaveAccessibleDescription(HINT);

    layout.resize({ scrollWidth: 1200, clientWidth: 1200 });
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
    expect(region).not.toHaveAccessibleDescription(HINT);
  });

  it("without a layout engine never claims to scroll", () => {
    renderTable();
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
  });
});
