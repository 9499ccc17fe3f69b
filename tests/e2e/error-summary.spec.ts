import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { openCheckoutWith } from "./checkout-helpers.ts";
import { expect, islandsReady, test } from "./fixtures.ts";
import { errorSummary, expectErrorSummary } from './forms-helpers.ts';
import { PROOF_OF_WORK_TIMEOUT } from "./support/proof-of-work.ts";

/**
 * An empty send on every public form (issue 36, docs/decisions/0070): the errors may stand far
 * above the button, so the focus moves to the error summary at the top of the form, which links
 * each error to its field; the field errors stay.
 */

interface Case {
  path: string;
  form: string;
  button: string;
  /** Message and label of each field the empty form is refused for, in the order of the form. */
  errors: [message: string, label: string][];
  /** A valid value of the first field. */
  first?: string;
}

const CASES: Case[] = [
  {
    path: "/inquiry",
    form: "Auftragsanfrage",
    button: "Anfrage senden",
    errors: [
      ["Name ist erforderlich", "Name"],
      ["E-Mail ist erforderlich", "E-Mail"],
      ["Bitte wählen Sie eine der angebotenen Möglichkeiten.", "Thema"],
      [
        "Beschreibung des Auftrags ist erforderlich",
        "Beschreibung des Auftrags",
      ],
    ],
  },
  {
    path: "/vertraege-kuendigen",
    form: "Kündigungsformular",
    button: "jetzt kündigen",
    errors: [
      ["Bezeichnung des Vertrags ist erforderlich", "Bezeichnung des Vertrags"],
      ["Vorname ist erforderlich", "Vorname"],
      ["Nachname ist erforderlich", "Nachname"],
      ["E-Mail ist erforderlich", "E-Mail"],
    ],
  },
  {
    path: "/online-widerrufsformular",
    form: "Vertrag widerrufen",
    button: "Weiter zur Bestätigung",
    errors: [
      [
        "Bitte geben Sie den Vertrag oder das Produkt an, den Sie widerrufen.",
        "Vertrag oder Produkt",
      ],
      ["Name ist erforderlich", "Name"],
      ["E-Mail ist erforderlich", "E-Mail"],
    ],
  },
  {
    path: "/av-vertrag",
    form: "AV-Vertrag anfordern",
    button: "AV-Vertrag anfordern",
    first: "K-000042",
    errors: [
      ["Kundennummer ist erforderlich", "Kundennummer"],
      ["Postleitzahl ist erforderlich", "Postleitzahl"],
    ],
  },
  {
    path: "/demo-anfordern",
    form: "Demo anfordern",
    button: "Demo anfordern",
    errors: [
      ["Name ist erforderlich", "Name"],
      ["E-Mail ist erforderlich", "E-Mail"],
      ["Firma ist erforderlich", "Firma"],
      ["Bitte wählen Sie das Produkt, das Sie testen möchten.", "Produkt"],
    ],
  },
];

/** The form, hydrated: a visible island hydrates once it scrolls into view. */
async function openForm(
  page: Page,
  path: string,
  name: string,
): Promise<Locator> {
  await page.goto(path);
  await islandsReady(page);
  const form = page.getByRole("form", { name, exact: true });
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator("astro-island", { has: form })).not.toHaveAttribute(
    "ssr",
  );
  return form;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`error summary at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    for (const {
      path,
      form: name,
      button,
      errors,
      first = "Erika Mustermann",
    } of CASES) {
      test(`an empty send on ${path} focuses the summary, whose links lead to the fields`, async ({
        page,
      }) => {
        const form = await openForm(page, path, name);
        const send = form.getByRole("button", { name: button, exact: true });
        await send.scrollIntoViewIfNeeded();
        await send.click();
        await expectErrorSummary(
          form,
          errors.map(
            ([message, label]) =>
              [
                message,
                form.getByRole(
                  label === "Thema" || label === "Produkt"
                    ? "combobox"
                    : "textbox",
                  { name: label, exact: true },
                ),
              ] as const,
          ),
        );

        // Fixed fields leave the list; the next failed send takes the focus there again.
        await form
          .getByRole("textbox", { name: errors[0]![1], exact: true })
          .fill(first);
        await expect(
          form
            .getByRole("alert", { name: "Bitte überprüfen Sie Ihre Eingaben." })
            .getByRole("link"),
        ).toHaveCount(errors.length - 1);
        await send.click();
        await expect(
          form.getByRole("alert", {
            name: "Bitte überprüfen Sie Ihre Eingaben.",
          }),
        ).toBeFocused();
      });
    }
  });
}

test("an empty checkout focuses the summary, which leads to the fields and the missing consents", async ({
  page,
}) => {
  await openCheckoutWith(page, [{ id: "webapp-basis-6m", quantity: 1 }]);
  const form = page.getByRole("form", { name: "Bestellformular" });
  await form
    .getByRole("button", { name: "zahlungspflichtig bestellen" })
    .click();
  const summary = form.getByRole("alert", {
    name: "Bitte überprüfen Sie Ihre Eingaben.",
  });
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  const links = summary.getByRole("link");
  await expect(links.first()).toHaveText("Name ist erforderlich");
  await expect(links).toContainText([
    "Name ist erforderlich",
    "Bitte akzeptieren Sie die AGB.",
  ]);
  await links.filter({ hasText: "Name ist erforderlich" }).click();
  await expect(form.getByLabel("Vor- und Nachname *")).toBeFocused();
  await links.filter({ hasText: "Bitte akzeptieren Sie die AGB." }).click();
  const agb = form.getByRole("checkbox", {
    name: /^Ich akzeptiere die AGB in der Fassung vom/,
  });
  await expect(agb).toBeFocused();
  await expect(agb).toBeInViewport();
  await expect(agb).toHaveAccessibleDescription(
    /Bitte akzeptieren Sie die AGB\./,
  );
});

async function openAccountDialog(
  page: Page,
  mode: "Willkommen zurück" | "Konto erstellen",
): Promise<Locator> {
  await page.goto("/");
  await islandsReady(page);
  await page.getByRole("button", { name: "Login / Registrieren" }).click();
  if (mode === "Konto erstellen")
    await page
      .getByRole("dialog", { name: "Willkommen zurück" })
      .getByRole("button", { name: "Jetzt registrieren" })
      .click();
  const dialog = page.getByRole("dialog", { name: mode });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("an empty login is answered by the summary in the dialog", async ({
  page,
}) => {
  const dialog = await openAccountDialog(page, "Willkommen zurück");
  await dialog.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expectErrorSummary(dialog, [
    ["E-Mail ist erforderlich", dialog.getByLabel("E-Mail")],
    [
      "Passwort ist erforderlich",
      dialog.getByLabel("Passwort", { exact: true }),
    ],
  ]);
});

test.describe("registration", () => {
  test("an empty registration focuses the summary, whose links lead to the fields", async ({
    page,
  }) => {
    const dialog = await openAccountDialog(page, "Konto erstellen");
    await dialog.getByRole("button", { name: "Registrieren" }).click();
    await expectErrorSummary(dialog, [
      [
        "Anzeigename ist erforderlich für die Registrierung.",
        dialog.getByLabel("Anzeigename"),
      ],
      ["E-Mail ist erforderlich", dialog.getByLabel("E-Mail")],
      [
        "Passwort ist erforderlich",
        dialog.getByLabel("Passwort (min. 8 Zeichen)"),
      ],
    ]);
  });

  test.describe("refused by the server", () => {
    test.use({ allowConsoleErrors: [/status of 400/] });
    test("a weak password's refusal is said once: at the field (and linked from the summary), not again below the button or in the meter", async ({
      page,
    }) => {
      // The registration's proof of work keeps the browser busy for seconds before the server answers.
      test.slow();
      const dialog = await openAccountDialog(page, "Konto erstellen");
      await dialog.getByLabel("Anzeigename").fill("Erika Mustermann");
      await dialog
        .getByLabel("E-Mail")
        .fill(`schwach.${Date.now()}@example.test`);
      const password = dialog.getByLabel("Passwort (min. 8 Zeichen)");
      await password.fill("passwort123");
      const meter = dialog.locator("#register-password-strength");
      await expect(meter).toContainText(
        "Passwortstärke: Schwach – zu leicht zu erraten.",
        { timeout: PROOF_OF_WORK_TIMEOUT },
      );
      await dialog.getByRole("button", { name: "Registrieren" }).click();

      const fieldError = dialog.locator("#register-password-error");
      await expect(fieldError).toHaveText(
        /^Dieses Passwort ist zu leicht zu erraten\./,
        { timeout: PROOF_OF_WORK_TIMEOUT },
      );
      const message = (await fieldError.textContent())!;
      const summary = errorSummary(dialog);
      await expect(summary).toBeFocused();
      await expect(summary.getByRole("link")).toHaveText([message]);
      // Exactly twice in the dialog: the summary's link and the field's own message – no third copy below the button.
      await expect(dialog.getByText(message, { exact: true })).toHaveCount(2);
      // The meter gives its verdict only; the advice stands in the error.
      await expect(meter).toHaveText(
        "Passwortstärke: Schwach – zu leicht zu erraten.",
      );
      await expect(password).toHaveAccessibleDescription(
        `${message} Passwortstärke: Schwach – zu leicht zu erraten.`,
      );
    });
  });
});

test("a logged-in checkout starts with the account's name and address, which stay editable", async ({
  page,
  baseURL,
}) => {
  // The demo agent of the local start: an account without a registration of its own, whose 10 an
  // hour per address the other specs use up (src/server/rate-limits.ts).
  const agent = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, "demo-agent.json"), "utf8")) as { email: string; password: string };
  const email = agent.email;
  await page.request.get("/api/visitor");
  const token = decodeURIComponent(
    (await page.context().cookies()).find(
      (cookie) => cookie.name === "csrf_token",
    )!.value,
  );
  const headers = {
    Origin: baseURL!,
    "Sec-Fetch-Site": "same-origin",
    "X-CSRF-Token": token,
  };
  expect(
    (
      await page.request.post("/api/auth/login", {
        data: { email, password: agent.password },
        headers,
      })
    ).status(),
  ).toBe(200);

  await openCheckoutWith(page, [{ id: "webapp-basis-6m", quantity: 1 }]);
  const form = page.getByRole("form", { name: "Bestellformular" });
  const name = form.getByLabel("Vor- und Nachname *");
  await expect(name).toHaveValue("Demo-Agent");
  await expect(form.getByLabel("E-Mail *")).toHaveValue(email);
  await expect(form.getByLabel("Straße und Hausnummer *")).toHaveValue("");
  await name.fill("Erika Musterfrau");
  await expect(name).toHaveValue("Erika Musterfrau");
  await expect(name).toBeEditable();
});
