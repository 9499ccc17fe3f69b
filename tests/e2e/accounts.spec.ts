import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  islandsReady,
  test,
} from "./fixtures.ts";
import { errorSummary } from "./forms-helpers.ts";
import { recipientOf, sentMails } from "./outbox.ts";
import { PROOF_OF_WORK_TIMEOUT } from "./support/proof-of-work.ts";

let counter = 0;
function newAccount() {
  counter += 1;
  return {
    name: "Erika Mustermann",
    email: `erika.${Date.now()}.${counter}@example.test`,
    password: "richtig-geheim-1",
  };
}

async function openLoginDialog(page: Page, path = "/") {
  await page.goto(path);
  await islandsReady(page);
  await page.getByRole("button", { name: "Login / Registrieren" }).click();
  const dialog = page.getByRole("dialog", { name: "Willkommen zurück" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function registerInDialog(
  page: Page,
  account: ReturnType<typeof newAccount>,
) {
  // The registration's proof of work (decision 0063) keeps the browser's cores busy for seconds.
  test.slow();
  const login = await openLoginDialog(page);
  await login.getByRole("button", { name: "Jetzt registrieren" }).click();
  const dialog = page.getByRole("dialog", { name: "Konto erstellen" });
  await expect(dialog.getByLabel("Anzeigename")).toBeFocused();
  // Never disabled: an empty send is answered by the error summary (tests/e2e/error-summary.spec.ts).
  const submit = dialog.getByRole("button", { name: "Registrieren" });
  await dialog.getByLabel("Anzeigename").fill(account.name);
  await dialog.getByLabel("E-Mail").fill(account.email);
  // The strength meter (decision 0038) loads its dictionaries on first use and speaks German.
  const password = dialog.getByLabel("Passwort (min. 8 Zeichen)");
  await password.fill("passwort123");
  await expect(dialog.locator("#register-password-strength")).toContainText(
    "Passwortstärke: Schwach – zu leicht zu erraten.",
    { timeout: PROOF_OF_WORK_TIMEOUT },
  );
  await password.fill(account.password);
  await expect(dialog.locator("#register-password-strength")).toContainText(
    /Passwortstärke: (Stark|Sehr stark)$/,
    { timeout: PROOF_OF_WORK_TIMEOUT },
  );
  // Sent once the proof of work, computed since the form's first focus, is done.
  await submit.click();
  const success = page.getByRole("dialog", { name: "Konto erstellt" });
  await expect(success).toContainText(
    "Registrierung erfolgreich! Sie können sich jetzt anmelden.",
    { timeout: PROOF_OF_WORK_TIMEOUT },
  );
  await expect(success).toContainText(
    "Bitte bestätigen Sie Ihre E-Mail-Adresse über den Link, den wir Ihnen gerade gesendet haben.",
  );
  await success.getByRole("button", { name: "OK" }).click();
}

async function logIn(
  page: Page,
  email: string,
  password: string,
  rememberMe = false,
) {
  const dialog = page.getByRole("dialog", { name: "Willkommen zurück" });
  await dialog.getByLabel("E-Mail").fill(email);
  await dialog.getByLabel("Passwort", { exact: true }).fill(password);
  if (rememberMe) await dialog.getByLabel("Angemeldet bleiben").check();
  await dialog.getByRole("button", { name: "Anmelden", exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe("accounts", () => {
  test.describe("with a refused login", () => {
    test.use({ allowConsoleErrors: [/status of 401/] });

    // One account's life in one test: each registration counts against the 10 an hour per address
    // the whole suite shares (src/server/rate-limits.ts).
    test("register, log in for the browser session, stay logged in across pages, log out; a wrong password shows the server message; remember me keeps the session cookie for 12 hours and says so", async ({
      page,
      context,
    }) => {
      const account = newAccount();
      await registerInDialog(page, account);
      const login = page.getByRole("dialog", { name: "Willkommen zurück" });
      // Back in the login mode with empty fields.
      await expect(login.getByLabel("E-Mail")).toHaveValue("");
      await expect(login.getByLabel("Passwort", { exact: true })).toHaveValue("");
      await logIn(page, account.email, account.password);
      await expect(
        page.getByText(`Willkommen, ${account.name}! (customer)`),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);

      const session = (await context.cookies()).find(
        (c) => c.name === "session",
      )!;
      expect(session.httpOnly).toBe(true);
      expect(session.expires).toBe(-1);

      await page.goto("/ueber-uns");
      await islandsReady(page);
      await expect(
        page.getByText(`Willkommen, ${account.name}! (customer)`),
      ).toBeVisible();
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(
        page.getByRole("button", { name: "Login / Registrieren" }),
      ).toBeVisible();
      await page.reload();
      await islandsReady(page);
      await expect(
        page.getByRole("button", { name: "Login / Registrieren" }),
      ).toBeVisible();

      await page.getByRole("button", { name: "Login / Registrieren" }).click();
      const dialog = page.getByRole("dialog", { name: "Willkommen zurück" });
      await dialog.getByLabel("E-Mail").fill(account.email);
      await dialog
        .getByLabel("Passwort", { exact: true })
        .fill("falsches-passwort");
      await dialog.getByRole("button", { name: "Anzeigen" }).click();
      await expect(
        dialog.getByLabel("Passwort", { exact: true }),
      ).toHaveAttribute("type", "text");
      await dialog
        .getByRole("button", { name: "Anmelden", exact: true })
        .click();
      await expect(dialog.getByRole("alert")).toHaveText(
        "E-Mail-Adresse oder Passwort ist falsch.",
      );
      await expect(dialog.getByLabel("E-Mail")).toHaveValue(account.email);

      await dialog
        .getByLabel("Passwort", { exact: true })
        .fill(account.password);
      const remember = dialog.getByLabel("Angemeldet bleiben");
      // Decision 0064: the box says what it does, read with it.
      await expect(remember).toHaveAccessibleDescription(
        "Sie bleiben auf diesem Gerät bis zu 12 Stunden angemeldet, auch wenn Sie den Browser schließen. Nur auf eigenen Geräten verwenden.",
      );
      await remember.check();
      await dialog
        .getByRole("button", { name: "Anmelden", exact: true })
        .click();
      await expect(
        page.getByText(`Willkommen, ${account.name}! (customer)`),
      ).toBeVisible();
      const remembered = (await context.cookies()).find(
        (c) => c.name === "session",
      )!;
      const hours = (remembered.expires * 1000 - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(11.9);
      expect(hours).toBeLessThanOrEqual(12);
    });
  });

  test.describe("with a used link", () => {
    test.use({ allowConsoleErrors: [/status of 400/] });

    test("resets a forgotten password with the link from the mail", async ({
      page,
    }) => {
      const account = newAccount();
      await registerInDialog(page, account);
      const login = page.getByRole("dialog", { name: "Willkommen zurück" });
      await login.getByLabel("E-Mail").fill(account.email);
      await login.getByRole("button", { name: "Passwort vergessen?" }).click();
      const reset = page.getByRole("dialog", { name: "Passwort zurücksetzen" });
      await expect(reset.getByLabel("E-Mail")).toHaveValue(account.email);
      await reset.getByRole("button", { name: "Link senden" }).click();
      await expect(
        reset.getByRole("heading", { name: "Link gesendet!" }),
      ).toBeFocused();

      let link = "";
      await expect
        .poll(async () => {
          const mail = (await sentMails()).find(
            (m) =>
              recipientOf(m) === account.email &&
              m.subject?.startsWith("Passwort zurücksetzen"),
          );
          link =
            /http:\/\/\S+\/reset-password\/[\w-]+/.exec(
              mail?.text ?? "",
            )?.[0] ?? "";
          return link;
        })
        .not.toBe("");
      await reset.getByRole("button", { name: "Zurück zum Login" }).click();
      await page.keyboard.press("Escape");

      await page.goto(link);
      await page
        .getByLabel("Neues Passwort (min. 8 Zeichen)")
        .fill("mein-neues-passwort");
      await page.getByRole("button", { name: "Passwort speichern" }).click();
      await expect(
        page.getByText("Ihr neues Passwort ist gespeichert.", { exact: false }),
      ).toBeVisible();
      await islandsReady(page);
      await page.getByRole("button", { name: "Jetzt anmelden" }).click();
      await logIn(page, account.email, "mein-neues-passwort");
      await expect(
        page.getByText(`Willkommen, ${account.name}! (customer)`),
      ).toBeVisible();

      // The link worked once.
      await page.goto(link);
      await page
        .getByLabel("Neues Passwort (min. 8 Zeichen)")
        .fill("noch-ein-passwort");
      await page.getByRole("button", { name: "Passwort speichern" }).click();
      // The error summary says it and leads to the way out.
      const summary = errorSummary(page.locator("main"));
      await expect(summary).toBeFocused();
      await summary
        .getByRole("link", { name: /^Dieser Link ist ungültig oder abgelaufen\./ })
        .click();
      await expect(
        page.getByRole("link", { name: "Neuen Link anfordern" }),
      ).toBeFocused();
    });
  });

  test.describe("with a used confirmation link", () => {
    test.use({ allowConsoleErrors: [/status of 400/] });

    test("confirms the address with the link from the mail; /settings shows it; a taken address registers alike", async ({
      page,
    }) => {
      // Two registrations, two mails, the settings page and the confirmation page: a long walk.
      test.slow();
      const account = newAccount();
      await registerInDialog(page, account);
      // Registering the address again looks exactly the same (the owner gets a notice instead).
      await page.keyboard.press("Escape");
      await registerInDialog(page, { ...account, name: "Jemand Anderes" });
      await page.keyboard.press("Escape");

      await page.goto("/settings");
      await islandsReady(page);
      await logIn(page, account.email, account.password);
      await expect(
        page.getByText("Ihre E-Mail-Adresse ist noch nicht bestätigt."),
      ).toBeVisible();
      const resend = page.getByRole("button", {
        name: "Bestätigungslink erneut senden",
      });
      await expectNoAxeViolations(page);
      await resend.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").filter({ hasText: "neuen Bestätigungslink" })).toBeVisible();

      let link = "";
      await expect
        .poll(async () => {
          const mails = (await sentMails()).filter(
            (m) =>
              recipientOf(m) === account.email &&
              m.subject?.startsWith("Bitte bestätigen Sie Ihre E-Mail-Adresse"),
          );
          link =
            /http:\/\/\S+\/konto-bestaetigen\/[\w-]+/.exec(
              mails.at(-1)?.text ?? "",
            )?.[0] ?? "";
          return mails.length;
        })
        .toBe(2);
      const notice = (await sentMails()).find(
        (m) =>
          recipientOf(m) === account.email &&
          m.subject?.startsWith("Registrierung mit Ihrer E-Mail-Adresse"),
      );
      expect(notice?.text).toContain(
        "Jemand hat versucht, mit Ihrer Adresse ein Konto anzulegen.",
      );

      // Opening the link confirms nothing by itself: mail scanners open links too.
      await page.goto(link);
      await islandsReady(page);
      const confirm = page.getByRole("button", {
        name: "E-Mail-Adresse bestätigen",
      });
      await expect(confirm).toBeVisible();
      await expectNoAxeViolations(page);
      await confirm.click();
      const result = page.getByRole("status").filter({ hasText: "Ihre E-Mail-Adresse ist bestätigt." });
      await expect(result).toBeFocused();
      await page.getByRole("link", { name: "Zu den Einstellungen" }).click();
      await expect(page).toHaveURL(/\/settings$/);
      await islandsReady(page);
      await expect(
        page.getByText("Ihre E-Mail-Adresse ist bestätigt."),
      ).toBeVisible();
      await expect(resend).toHaveCount(0);

      // The link works once.
      await page.goto(link);
      await islandsReady(page);
      await page.getByRole("button", { name: "E-Mail-Adresse bestätigen" }).click();
      await expect(page.getByRole("alert")).toContainText(
        "Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde bereits verwendet.",
      );
    });
  });

  test.describe("with a failing request", () => {
    test.use({ allowConsoleErrors: [/status of 400/] });

    test("settings: logged-out visitors get the login dialog; name, password, export and deletion work", async ({
      page,
    }) => {
      const account = newAccount();
      await registerInDialog(page, account);
      await page.keyboard.press("Escape");
      await page.goto("/settings");
      await islandsReady(page);
      const login = page.getByRole("dialog", { name: "Willkommen zurück" });
      await expect(login).toBeVisible();
      await logIn(page, account.email, account.password);

      await page.getByRole("textbox", { name: "Anzeigename" }).fill("Erika M.");
      await page.getByRole("button", { name: "Speichern" }).click();
      await expect(
        page.getByText("Der Anzeigename wurde gespeichert."),
      ).toBeVisible();
      await expect(
        page.getByText("Willkommen, Erika M.! (customer)"),
      ).toBeVisible();

      await page.getByLabel("Aktuelles Passwort").fill("falsch-falsch");
      await page
        .getByLabel("Neues Passwort (min. 8 Zeichen)")
        .fill("anderes-passwort");
      await page.getByRole("button", { name: "Passwort ändern" }).click();
      await expect(page.locator("#settings-current-password-error")).toHaveText(
        "Das aktuelle Passwort ist falsch.",
      );
      await expect(
        page.getByLabel("Neues Passwort (min. 8 Zeichen)"),
      ).toHaveValue("anderes-passwort");
      await page.getByLabel("Aktuelles Passwort").fill(account.password);
      await page.getByRole("button", { name: "Passwort ändern" }).click();
      await expect(
        page.getByText("Ihr Passwort wurde geändert.", { exact: false }),
      ).toBeVisible();

      const download = page.waitForEvent("download");
      await page
        .getByRole("link", { name: "Daten herunterladen (JSON)" })
        .click();
      const file = await (await download).path();
      expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
        account: { email: account.email, displayName: "Erika M." },
      });

      await page
        .getByLabel("Zur Bestätigung: Ihr Passwort")
        .fill("anderes-passwort");
      await page.getByRole("button", { name: "Konto löschen …" }).click();
      const confirm = page.getByRole("dialog", {
        name: "Konto endgültig löschen?",
      });
      await confirm.getByRole("button", { name: "Ja, Konto löschen" }).click();
      await expect(
        page.getByText("Ihr Konto wurde gelöscht.", { exact: false }),
      ).toBeVisible();
      await expect(
        page.getByRole("button", { name: "Login / Registrieren" }),
      ).toBeVisible();
    });
  });

  test("the demo agent of the local start sees the dashboard link", async ({
    page,
  }) => {
    const agent = JSON.parse(
      readFileSync(join(process.env.E2E_DATA_DIR!, "demo-agent.json"), "utf8"),
    ) as { email: string; password: string };
    await openLoginDialog(page);
    await logIn(page, agent.email, agent.password);
    await expect(
      page.getByText("Willkommen, Demo-Agent! (agent)"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "href",
      "/agent/dashboard",
    );
  });

  test("dialog modes, settings and reset pages pass axe; Escape closes the dialog", async ({
    page,
  }) => {
    // Seven pages and dialog modes, each checked by axe, on a busy two-core machine.
    test.setTimeout(150_000);
    const login = await openLoginDialog(page);
    await expect(login.getByLabel("E-Mail")).toBeFocused();
    await expectNoAxeViolations(page);
    await login.getByRole("button", { name: "Jetzt registrieren" }).click();
    // The registration's proof of work starts with the focus on its first field and keeps the
    // browser's cores busy; axe checks the dialog once it is done (and its status is shown).
    await expect(
      page.getByRole("dialog", { name: "Konto erstellen" }).getByText("Spam-Schutz abgeschlossen."),
    ).toBeVisible({ timeout: 60_000 });
    await expectNoAxeViolations(page);
    await page
      .getByRole("dialog", { name: "Konto erstellen" })
      .getByRole("button", { name: "Zum Login" })
      .click();
    await page
      .getByRole("dialog", { name: "Willkommen zurück" })
      .getByRole("button", { name: "Passwort vergessen?" })
      .click();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.goto("/reset-password");
    await expect(page.getByLabel("E-Mail")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/reset-password/irgendein-token");
    await expect(
      page.getByLabel("Neues Passwort (min. 8 Zeichen)"),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/konto-bestaetigen/irgendein-token");
    await expect(
      page.getByRole("button", { name: "E-Mail-Adresse bestätigen" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/settings");
    await expect(
      page.getByRole("dialog", { name: "Willkommen zurück" }),
    ).toBeVisible();
    await page.keyboard.press("Escape");
    await expectNoAxeViolations(page);
  });
});
