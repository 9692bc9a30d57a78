import { STORAGE_KEYS, type MyDesk } from "@hospipay/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { myDeskQueryOptions } from "../../lib/staff-desk/my-desk";
import { renderScreen } from "../../test/render-app";
import { SlipPrintControls } from "./slip-print";
import type { SlipContent } from "./thermal-slip";

const desk: MyDesk = {
  user_id: 7,
  name: "Bola Ade",
  role: "AGENT",
  departments: ["Pharmacy"],
  collects_money: true,
  gives_items: true,
  waiver_limit: null,
  updated_at: null,
  hospital: { name: "Lagos Island General Hospital", address: "12 Broad Street, Lagos Island" },
};

const receipt: SlipContent = {
  title: "Receipt",
  sections: [
    {
      rows: [
        { label: "Bill number", value: "abcdefghij2345672345" },
        { label: "Payer", value: "Ada Obi" },
        { label: "Hospital number", value: "H-20451" },
      ],
    },
    { heading: "Items", rows: [{ label: "Paracetamol 500 mg", value: "× 2", detail: "Pharmacy" }] },
    { rows: [{ label: "Total", value: "₦1,600.00", strong: true }] },
  ],
  receiptCode: "7k3mq9xd2hpaw4rt",
};

const renderControls = (content: SlipContent | null = receipt, label?: string) =>
  renderScreen(<SlipPrintControls content={content} label={label} />, {
    seed: (client) => client.setQueryData(myDeskQueryOptions().queryKey, desk),
  });

/** The slip laid out for printing: a child of body, beside the app. */
const slip = () => document.querySelector<HTMLElement>("body > [data-print-slip]");

let print: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  print = vi.spyOn(window, "print").mockImplementation(() => undefined);
});
afterEach(() => {
  print.mockRestore();
  localStorage.removeItem(STORAGE_KEYS.printPaper);
});

describe("SlipPrintControls (desk slips on thermal paper)", () => {
  it("prints on 80 mm paper by default: the hospital, the details, the receipt code's QR code, who served", async () => {
    const user = userEvent.setup();
    renderControls();
    expect(slip()).toBeNull();
    expect(screen.getByRole("combobox", { name: "Paper" })).toHaveValue("80");

    // Print waits for the QR code to be drawn.
    const button = screen.getByRole("button", { name: "Print" });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const layer = slip()!;
    const printed = within(layer).getByRole("region", { name: "Receipt, printed slip" });
    expect(printed).toHaveAttribute("data-paper", "80");
    expect(printed.className).toContain("w-[80mm]");
    expect(within(printed).getByText("Lagos Island General Hospital")).toBeInTheDocument();
    expect(within(printed).getByText("12 Broad Street, Lagos Island")).toBeInTheDocument();
    expect(within(printed).getByRole("heading", { level: 1, name: "Receipt" })).toBeInTheDocument();
    for (const text of ["abcdefghij2345672345", "Ada Obi", "H-20451", "Paracetamol 500 mg", "Pharmacy", "₦1,600.00"]) {
      expect(within(printed).getByText(text)).toBeInTheDocument();
    }
    expect(within(printed).getByText("Receipt code")).toBeInTheDocument();
    expect(within(printed).getByText("7K3M-Q9XD-2HPA-W4RT")).toBeInTheDocument();
    expect(within(printed).getByText(`Check it at ${window.location.host}/verify-receipt`)).toBeInTheDocument();
    const qr = within(printed).getByRole("img", { name: "QR code of receipt code 7K3M-Q9XD-2HPA-W4RT" });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    const servedBy = within(printed).getByText("Served by").parentElement!;
    expect(servedBy).toHaveTextContent("Bola Ade");
    expect(within(printed).getByText("Printed")).toBeInTheDocument();
    // The page is the paper's width; jsdom lays nothing out, so its length is A4's there.
    expect(layer.querySelector("style")?.textContent).toBe("@page { size: 80mm 297mm; margin: 0; }");

    // The print done, the slip goes: a print of the screen (Ctrl+P) prints the page again.
    window.dispatchEvent(new Event("afterprint"));
    await waitFor(() => expect(slip()).toBeNull());
  });

  it("prints on 58 mm paper once chosen, and remembers the choice on this device", async () => {
    const user = userEvent.setup();
    const first = renderControls(receipt, "Print slip");
    await user.selectOptions(screen.getByRole("combobox", { name: "Paper" }), "58 mm");
    expect(localStorage.getItem(STORAGE_KEYS.printPaper)).toBe("58");
    first.unmount();

    renderControls(receipt, "Print slip");
    expect(screen.getByRole("combobox", { name: "Paper" })).toHaveValue("58");
    await waitFor(() => expect(screen.getByRole("button", { name: "Print slip" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Print slip" }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const printed = within(slip()!).getByRole("region", { name: "Receipt, printed slip" });
    expect(printed).toHaveAttribute("data-paper", "58");
    expect(printed.className).toContain("w-[58mm]");
    for (const text of [
      "Lagos Island General Hospital",
      "12 Broad Street, Lagos Island",
      "Ada Obi",
      "H-20451",
      "7K3M-Q9XD-2HPA-W4RT",
    ]) {
      expect(within(printed).getByText(text)).toBeInTheDocument();
    }
    expect(within(printed).getByRole("img", { name: "QR code of receipt code 7K3M-Q9XD-2HPA-W4RT" })).toBeInTheDocument();
    expect(slip()!.querySelector("style")?.textContent).toBe("@page { size: 58mm 297mm; margin: 0; }");
  });

  it("puts a link's QR code (a bill's pay link) when there is no receipt code, and reads an unknown stored width as 80 mm", async () => {
    localStorage.setItem(STORAGE_KEYS.printPaper, "110");
    const user = userEvent.setup();
    renderControls({
      title: "Bill",
      sections: [{ rows: [{ label: "Patient", value: "Ada Obi" }] }],
      link: { href: "http://localhost/pay/abcdefghij2345672345", caption: "Scan to pay", alt: "QR code of the bill's link" },
    });
    expect(screen.getByRole("combobox", { name: "Paper" })).toHaveValue("80");
    await waitFor(() => expect(screen.getByRole("button", { name: "Print" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Print" }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const printed = within(slip()!).getByRole("region", { name: "Bill, printed slip" });
    expect(await within(printed).findByRole("img", { name: "QR code of the bill's link" })).toBeInTheDocument();
    expect(within(printed).getByText("http://localhost/pay/abcdefghij2345672345")).toBeInTheDocument();
    expect(within(printed).getByText("Scan to pay")).toBeInTheDocument();
  });

  it("is the printed document's main landmark in print media, where the app's own is hidden", async () => {
    const printMedia = { matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() };
    vi.stubGlobal("matchMedia", (query: string) => (query === "print" ? printMedia : { ...printMedia, matches: false }));
    try {
      const user = userEvent.setup();
      renderControls();
      await waitFor(() => expect(screen.getByRole("button", { name: "Print" })).toBeEnabled());
      await user.click(screen.getByRole("button", { name: "Print" }));
      await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
      expect(within(slip()!).getByRole("main", { name: "Receipt, printed slip" })).toHaveAttribute("data-paper", "80");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("cannot print before there is something to print", () => {
    renderControls(null);
    expect(screen.getByRole("button", { name: "Print" })).toBeDisabled();
  });
});
