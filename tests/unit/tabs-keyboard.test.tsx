import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

function ThreeTabs({ disabled }: { disabled?: string }) {
  const [value, setValue] = useState("a");
  return (
    <Tabs value={value} onValueChange={setValue}>
      <TabsList label="보기">
        {["a", "b", "c"].map((v) => (
          <TabsTrigger key={v} value={v} disabled={v === disabled}>
            탭 {v}
          </TabsTrigger>
        ))}
      </TabsList>
      {["a", "b", "c"].map((v) => (
        <TabsContent key={v} value={v}>
          내용 {v}
        </TabsContent>
      ))}
    </Tabs>
  );
}

const tab = (v: string) => screen.getByRole("tab", { name: `탭 ${v}` });

function press(key: string) {
  fireEvent.keyDown(document.activeElement!, { key });
}

afterEach(cleanup);

describe("tabs by keyboard (roving tabindex, automatic activation)", () => {
  it("ArrowRight / ArrowLeft move to and select the next / previous tab, wrapping at the ends", () => {
    render(<ThreeTabs />);
    tab("a").focus();
    press("ArrowRight");
    expect(document.activeElement).toBe(tab("b"));
    expect(tab("b").getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").textContent).toBe("내용 b");
    press("ArrowRight");
    press("ArrowRight");
    expect(document.activeElement).toBe(tab("a"));
    press("ArrowLeft");
    expect(document.activeElement).toBe(tab("c"));
    expect(tab("c").getAttribute("aria-selected")).toBe("true");
  });

  it("Home and End go to the first and last tab; only the selected tab is in the Tab order", () => {
    render(<ThreeTabs />);
    tab("a").focus();
    press("End");
    expect(document.activeElement).toBe(tab("c"));
    expect(tab("c").getAttribute("tabindex")).toBe("0");
    expect(tab("a").getAttribute("tabindex")).toBe("-1");
    press("Home");
    expect(document.activeElement).toBe(tab("a"));
    expect(tab("a").getAttribute("aria-selected")).toBe("true");
  });

  it("skips a disabled tab and ignores other keys", () => {
    render(<ThreeTabs disabled="b" />);
    tab("a").focus();
    press("ArrowRight");
    expect(document.activeElement).toBe(tab("c"));
    press("x");
    expect(document.activeElement).toBe(tab("c"));
    expect(tab("c").getAttribute("aria-selected")).toBe("true");
  });
});
