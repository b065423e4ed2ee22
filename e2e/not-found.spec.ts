// Unknown opportunities (issue 18 item 6) and characters (issue 22 item 9): the app's not-found page with HTTP 404,
// never a normal page with a form; a history read that fails says why.
import type { Page } from "@playwright/test";
import { allow, expect, notFoundDocument, test } from "./guarded";
import { newCharacter, YIELDS_URL, opportunityIdOf } from "./support";

/** `path` is the app's not-found page, answered with HTTP 404, naming what was not found (`shown`). */
async function expectNotFoundPage(page: Page, path: string, shown = path): Promise<void> {
  const res = await page.goto(path);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByTestId("not-found")).toContainText(shown);
}

// Each of these pages answers 404 on purpose (notFoundDocument names exactly that answer and its console line).
for (const id of ["doesnotexist", "opp_e2e_unknown"]) {
  test.describe(() => {
    test.use({ allowedErrors: notFoundDocument(`/opportunities/${id}`) });
    test(`/opportunities/${id} is the not-found page with HTTP 404`, async ({ page }) => {
      await expectNotFoundPage(page, `/opportunities/${id}`, id);
      await expect(page.getByRole("link", { name: /opportunities/i }).last()).toHaveAttribute("href", "/");
      // No form for an opportunity that does not exist.
      await expect(page.getByRole("tab", { name: "Deposit" })).toHaveCount(0);
      await expect(page.getByLabel(/amount/i)).toHaveCount(0);
    });
  });
}

test.describe(() => {
  test.use({ allowedErrors: notFoundDocument("/no-such-page") });
  test("an unknown page of the app is the same not-found page with HTTP 404", async ({ page }) => {
    await expectNotFoundPage(page, "/no-such-page");
  });
});

// Unknown characters (issue 22 item 9): an id no character can have is the not-found page with HTTP 404, never the
// character page with its key field.
for (const id of ["doesnotexist", "chr_nope", "chr_0000000000000000example"]) {
  test.describe(() => {
    test.use({ allowedErrors: notFoundDocument(`/characters/${id}`) });
    test(`/characters/${id} is the not-found page with HTTP 404`, async ({ page }) => {
      await expectNotFoundPage(page, `/characters/${id}`, id);
      await expect(page.getByLabel("API key (X-API-Key)")).toHaveCount(0);
    });
  });
}

// A well-formed id nobody has: the service answers 404 to a keyless read of a missing character, so the page knows
// without the owner's key and is the not-found page too, never a key field for a character that is not there.
test.describe(() => {
  const id = `chr_e2e${"0".repeat(15)}xx`;
  test.use({ allowedErrors: notFoundDocument(`/characters/${id}`) });
  test("a well-formed character id nobody has is the not-found page with HTTP 404", async ({ page }) => {
    await expectNotFoundPage(page, `/characters/${id}`, id);
    await expect(page.getByLabel("API key (X-API-Key)")).toHaveCount(0);
    await expect(page).toHaveTitle("Page not found — svc");
  });
});

test("a known character answers 200", async ({ page, request }) => {
  const { path } = await newCharacter(request, "E2E known");
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Character auto-yield");
});

test("a known opportunity answers 200", async ({ page, request }) => {
  const res = await page.goto(`/opportunities/${await opportunityIdOf(request, "kamino")}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Kamino");
});

test.describe(() => {
  // The chart read is answered 503 on purpose (a route here); react-query retries it, and the browser logs each
  // answer as a console error.
  test.use({
    allowedErrors: allow(
      /^HTTP 503: GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/svc\/strategies\/opp_[0-9a-f]+\/chart$/,
      /^console error: Failed to load resource: the server responded with a status of 503 \(Service Unavailable\)$/,
    ),
  });
  test("a failed history read says why", async ({ page, request }) => {
    // The chart read fails at the service (a 5xx with its message): the chart box says so, with a retry.
    await page.route("**/api/v1/svc/strategies/*/chart", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ code: "UPSTREAM_UNAVAILABLE", message: "The yields source did not answer in time.", requestId: "req_e2e" }) }),
    );
    await page.goto(`/opportunities/${await opportunityIdOf(request, "scallop")}`);
    const chart = page.getByTestId("chart");
    await expect(chart).toContainText("The yields source did not answer in time.");
    await expect(chart).toContainText(/history/i);
    await expect(chart.getByRole("button", { name: "Retry" })).toBeVisible();
    await page.unroute("**/api/v1/svc/strategies/*/chart");

    // The upstream's chart fails: the reason from the service is shown in words. The service keeps a chart it read
    // for 60 s (server/catalog/chart.ts), and an earlier spec may have opened this page (no spec opens Suilend's today; marginfi-sign opens marginfi's):
    // reload until any such copy has expired, rather than depend on the order of specs.
    test.setTimeout(120_000);
    await request.post(`${YIELDS_URL}/__e2e/upstream`, { data: { down: true } });
    try {
      const path = `/opportunities/${await opportunityIdOf(request, "suilend")}`;
      await expect(async () => {
        await page.goto(path);
        await expect(page.getByTestId("chart")).toContainText(/yields upstream chart: .+/, { timeout: 3000 });
      }).toPass({ timeout: 75_000, intervals: [2000] });
    } finally {
      await request.post(`${YIELDS_URL}/__e2e/upstream`, { data: { down: false } });
    }
  });
});
