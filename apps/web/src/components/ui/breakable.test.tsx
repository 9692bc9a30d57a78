import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Breakable } from "./breakable";

const markup = (text: string) => render(<p>{<Breakable text={text} />}</p>).container.querySelector("p")!;

describe("Breakable", () => {
  it("offers a break before @ and . of an e-mail and keeps its text", () => {
    const element = markup("ada.obi@demo.hospipay.ng");
    expect(element.innerHTML).toBe("ada<wbr>.obi<wbr>@demo<wbr>.hospipay<wbr>.ng");
    expect(element.textContent).toBe("ada.obi@demo.hospipay.ng");
  });

  it("offers a break after - / and _ of a reference", () => {
    expect(markup("HSP-1A2B").innerHTML).toBe("HSP-<wbr>1A2B");
    expect(markup("NIP/0001_X").innerHTML).toBe("NIP/<wbr>0001_<wbr>X");
  });

  it("leaves text without such points alone", () => {
    expect(markup("102629810671").innerHTML).toBe("102629810671");
  });
});
