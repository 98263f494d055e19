import type { ReactElement } from "react";
import { describe, expect, test } from "vitest";
import { BANK_INTENTS, BANK_MESSAGES, BANK_PATH, type BankConnectionView } from "../bank";
import { confirmHref } from "~/components/ui/confirm-dialog";
import { BankPage } from "./bank-page";
import { PlaidLinkButton } from "./plaid-link-button";
import { renderInRouter, renderWhileSubmitting, silenceServerLayoutEffectWarnings } from "../../../../tests/setup/render-in-router";

silenceServerLayoutEffectWarnings();

function render(element: ReactElement) {
  return renderInRouter(element, BANK_PATH);
}

function renderSubmitting(element: ReactElement, fields: Record<string, string>) {
  return renderWhileSubmitting(element, { path: BANK_PATH, fields });
}

/** What a person reads: the markup without its tags. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'");

/** The markup of the one card (an article) named `name`. */
function cardOf(html: string, name: string) {
  const cards = html.split("<article").slice(1).map((card) => card.split("</article>")[0]);
  const found = cards.filter((card) => card.includes(`>${name}</h3>`));
  expect(found).toHaveLength(1);
  return found[0];
}

/** The GET forms of `html` that ask to disconnect the bank `connectionId` (the page then shows the confirmation). */
function disconnectAsks(html: string, connectionId: string) {
  const forms = [...html.matchAll(/<form[^>]*>[\s\S]*?<\/form>/g)].map((match) => match[0]);
  return forms.filter((form) => form.startsWith(`<form method="get" action="${confirmHref(BANK_PATH)}"`) && form.includes(`<input type="hidden" name="disconnect" value="${connectionId}"/>`));
}

/** The one form of `html` that posts `intent` (and `connectionId`, when given). */
function formsOf(html: string, intent: string, connectionId?: string) {
  const forms = [...html.matchAll(/<form[^>]*>[\s\S]*?<\/form>/g)].map((match) => match[0]);
  return forms.filter(
    (form) =>
      form.includes(`<input type="hidden" name="intent" value="${intent}"/>`) &&
      (connectionId === undefined || form.includes(`<input type="hidden" name="connectionId" value="${connectionId}"/>`)),
  );
}

const active: BankConnectionView = {
  id: "conn-1",
  institutionName: "First Platypus Bank",
  accounts: [
    { id: "acc-1", name: "Plaid Checking", type: "checking", mask: "0000" },
    { id: "acc-2", name: "Plaid Saving", type: "savings", mask: "1111" },
  ],
  connectedAt: "2026-11-02T09:15:00.000Z",
  lastSync: "2026-11-05T15:04:00.000Z",
  status: "active",
  lastError: null,
  needsRelink: false,
};

const broken: BankConnectionView = {
  id: "conn-2",
  institutionName: "Tartan Bank",
  accounts: [{ id: "acc-3", name: "Tartan Credit", type: "credit", mask: null }],
  connectedAt: "2026-10-20T12:00:00.000Z",
  lastSync: null,
  status: "error",
  lastError: "the login details of this item have changed",
  needsRelink: true,
};

const premiumProps = { premium: true, configured: true, linkScriptUrl: "https://cdn.plaid.com/link/v2/stable/link-initialize.js" };

describe("a free user", () => {
  const html = render(<BankPage premium={false} configured linkScriptUrl={premiumProps.linkScriptUrl} connections={[]} />);

  test("'Premium Required', disabled, with an upgrade link and the promotion", () => {
    expect(html).toMatch(new RegExp(`<button type="button" disabled="" aria-describedby="[^"]+"[^>]*>${BANK_MESSAGES.premiumRequired}</button>`));
    expect(html).toMatch(/<a [^>]*href="\/manage-subscription"[^>]*>Upgrade to Premium<\/a>/);
    expect(textOf(html)).toContain("Available with Premium.");
    expect(html).toContain("Linked bank accounts</h2>");
    expect(textOf(html)).toContain("Connect a bank account to import transactions automatically.");
  });

  test("no Connect, no Sync All, no empty list", () => {
    expect(html).not.toContain("Connect Bank Account");
    expect(html).not.toContain("Sync All");
    expect(formsOf(html, BANK_INTENTS.link)).toHaveLength(0);
    expect(html).not.toContain("No bank accounts connected yet.");
  });

  test("the security note is there for everyone", () => {
    expect(html).toContain("Your security</h2>");
    const text = textOf(html);
    expect(text).toContain("through Plaid");
    expect(text).toContain("never to Ledgerly");
    expect(text).toContain("encrypted and never leaves our server");
    expect(text).toContain("Disconnecting a bank removes it");
    expect(text).toContain("stay in your ledger until you delete them");
  });
});

describe("a premium user", () => {
  test("a refused form says why, as an alert at the top", () => {
    const html = render(<BankPage {...premiumProps} connections={[active]} refusal={BANK_MESSAGES.notFound} />);
    expect(html).toMatch(new RegExp(`<p role="alert"[^>]*>${BANK_MESSAGES.notFound}</p>`));
    expect(render(<BankPage {...premiumProps} connections={[active]} />)).not.toContain(`role="alert"`);
  });

  test("without connections: the Connect form (intent link), the empty state, no Sync All", () => {
    const html = render(<BankPage {...premiumProps} connections={[]} />);
    const [connect] = formsOf(html, BANK_INTENTS.link);
    expect(connect).toMatch(new RegExp(`^<form method="post" action="${BANK_PATH}"`));
    expect(connect).toMatch(/<button type="submit"[^>]*>Connect Bank Account<\/button>/);
    expect(connect).not.toContain("connectionId");
    expect(formsOf(html, BANK_INTENTS.link)).toHaveLength(1);
    expect(html).toContain("No bank accounts connected yet.");
    expect(html).not.toContain("Sync All");
    expect(html).not.toContain(BANK_MESSAGES.premiumRequired);
    expect(html).not.toContain(`role="status"`);
  });

  test("the server has no Plaid keys: the note, no Connect", () => {
    const html = render(<BankPage {...premiumProps} configured={false} connections={[]} />);
    expect(html).toContain(BANK_MESSAGES.notConfigured);
    expect(html).not.toContain("Connect Bank Account");
    expect(formsOf(html, BANK_INTENTS.link)).toHaveLength(0);
  });

  describe("with an active and a broken connection", () => {
    const html = render(<BankPage {...premiumProps} connections={[active, broken]} />);

    test("Sync All is a plain POST form", () => {
      const [syncAll] = formsOf(html, BANK_INTENTS.syncAll);
      expect(syncAll).toMatch(new RegExp(`^<form method="post" action="${BANK_PATH}"`));
      expect(syncAll).toContain(">Sync All</button>");
      expect(html).not.toContain("No bank accounts connected yet.");
    });

    test("one article per bank, named by its heading", () => {
      expect((html.match(/<article aria-labelledby="[^"]+"/g) ?? []).length).toBe(2);
      const card = cardOf(html, "First Platypus Bank");
      const id = card.match(/^ aria-labelledby="([^"]+)"/)?.[1];
      expect(card).toContain(`<h3 id="${id}"`);
    });

    test("the active bank: accounts, dates, the green pill, Sync and Disconnect with its id", () => {
      const card = cardOf(html, "First Platypus Bank");
      const text = textOf(card);
      expect(text).toContain("Plaid Checking ••••ending in 0000 · checking");
      expect(card).toContain(`<span aria-hidden="true">••••</span><span class="sr-only">ending in </span>0000`);
      expect(text).toContain("Plaid Saving ••••ending in 1111 · savings");
      expect(card).toContain(`Connected <time dateTime="2026-11-02T09:15:00.000Z">Nov 2, 2026</time>`);
      expect(card).toContain(`Last synced <time dateTime="2026-11-05T15:04:00.000Z">Nov 5, 2026 at 3:04 PM UTC</time>`);
      expect(card).toMatch(/data-status="active" class="[^"]*bg-green-100[^"]*">Active<\/span>/);
      expect(card).not.toContain(BANK_MESSAGES.syncError);

      const [sync] = formsOf(card, BANK_INTENTS.sync, active.id);
      expect(sync).toMatch(new RegExp(`^<form method="post" action="${BANK_PATH}"`));
      expect(sync).toMatch(/<button type="submit" aria-label="Sync First Platypus Bank"[^>]*>Sync<\/button>/);
      // Disconnect only asks: without JavaScript it opens the page's confirmation, nothing is posted yet.
      const [disconnect] = disconnectAsks(card, active.id);
      expect(disconnect).toMatch(/<button type="submit" aria-label="Disconnect First Platypus Bank"[^>]*>Disconnect<\/button>/);
      expect(formsOf(card, BANK_INTENTS.disconnect)).toHaveLength(0);
      expect(formsOf(card, BANK_INTENTS.relink)).toHaveLength(0);
      expect(card).not.toContain(`disabled=""`);
    });

    test("the broken bank: the red 'Sync Error' pill, its lastError, 'Never synced' and a Reconnect form (intent relink)", () => {
      const card = cardOf(html, "Tartan Bank");
      expect(card).toMatch(new RegExp(`data-status="error" class="[^"]*bg-red-100[^"]*">${BANK_MESSAGES.syncError}</span>`));
      expect(card).toMatch(/<p class="[^"]*text-red-700[^"]*">the login details of this item have changed<\/p>/);
      expect(card.indexOf(BANK_MESSAGES.syncError)).toBeLessThan(card.indexOf("the login details"));
      expect(card).not.toContain(`role="alert"`);
      expect(textOf(card)).toContain("Never synced");
      expect(textOf(card)).toContain("Tartan Credit · credit");
      expect(card).not.toContain("••••");

      const [relink] = formsOf(card, BANK_INTENTS.relink, broken.id);
      expect(relink).toMatch(new RegExp(`^<form method="post" action="${BANK_PATH}"`));
      expect(relink).toMatch(/<button type="submit" aria-label="Reconnect Tartan Bank"[^>]*>Reconnect<\/button>/);
      expect(formsOf(card, BANK_INTENTS.sync, broken.id)).toHaveLength(1);
      expect(disconnectAsks(card, broken.id)).toHaveLength(1);
    });

    test("every button's accessible name is unique on the page", () => {
      const names = [...html.matchAll(/<button[^>]*?(?:aria-label="([^"]+)"[^>]*)?>([^<]*)<\/button>/g)].map((match) => match[1] ?? match[2]);
      expect(names).toEqual(expect.arrayContaining(["Sync All", "Connect Bank Account", "Sync Tartan Bank", "Disconnect Tartan Bank", "Reconnect Tartan Bank"]));
      expect(new Set(names).size).toBe(names.length);
    });

    test("a free user with an old connection may still disconnect it, but not sync or reconnect", () => {
      const free = render(<BankPage {...premiumProps} premium={false} connections={[broken]} />);
      expect(disconnectAsks(free, broken.id)).toHaveLength(1);
      expect(formsOf(free, BANK_INTENTS.sync)).toHaveLength(0);
      expect(formsOf(free, BANK_INTENTS.relink)).toHaveLength(0);
      expect(free).not.toContain("Sync All");
    });
  });

  test("while one bank syncs: its button reads 'Syncing transactions...', disabled; the other bank's stays", async () => {
    const html = await renderSubmitting(<BankPage {...premiumProps} connections={[active, broken]} />, { intent: BANK_INTENTS.sync, connectionId: active.id });
    const card = cardOf(html, "First Platypus Bank");
    expect(card).toMatch(new RegExp(`<button type="submit" disabled="" aria-busy="true"[^>]*><svg class="animate-spin[\\s\\S]*?</svg>${BANK_MESSAGES.syncing}</button>`));
    expect(cardOf(html, "Tartan Bank")).toContain(">Sync</button>");
    expect(html).toContain(">Sync All</button>");
  });

  test("while Sync All runs: it reads 'Syncing transactions...', and the per-bank Sync buttons wait", async () => {
    const html = await renderSubmitting(<BankPage {...premiumProps} connections={[active, broken]} />, { intent: BANK_INTENTS.syncAll });
    const [syncAll] = formsOf(html, BANK_INTENTS.syncAll);
    expect(syncAll).toContain(`disabled=""`);
    expect(syncAll).toContain(BANK_MESSAGES.syncing);
    expect(html).not.toContain("Sync All");
    expect(formsOf(html, BANK_INTENTS.sync, active.id)[0]).toMatch(/<button type="submit" aria-label="Sync First Platypus Bank" disabled=""/);
  });

  test("while a bank disconnects: 'Disconnecting bank account...', disabled", async () => {
    const html = await renderSubmitting(<BankPage {...premiumProps} connections={[active, broken]} />, { intent: BANK_INTENTS.disconnect, connectionId: broken.id });
    const [disconnect] = disconnectAsks(cardOf(html, "Tartan Bank"), broken.id);
    expect(disconnect).toContain(`disabled=""`);
    expect(disconnect).toContain(BANK_MESSAGES.disconnecting);
    expect(cardOf(html, "First Platypus Bank")).toContain(">Disconnect</button>");
  });

  test("the page asked to disconnect a bank (/bank?disconnect=<id>) shows the confirmation: Disconnect posts, Cancel goes back", () => {
    const html = render(<BankPage {...premiumProps} connections={[active, broken]} confirmDisconnectId={broken.id} />);
    const dialog = html.slice(html.indexOf(`role="alertdialog"`));
    expect(html.match(/role="alertdialog"/g)).toHaveLength(1);
    expect(textOf(dialog)).toContain("Disconnect Bank Account");
    expect(textOf(dialog)).toContain("Disconnect Tartan Bank? Its imported transactions stay in your ledger; new ones stop arriving.");
    const [confirm] = formsOf(dialog, BANK_INTENTS.disconnect, broken.id);
    expect(confirm).toMatch(new RegExp(`^<form method="post" action="${BANK_PATH}"`));
    expect(confirm).toMatch(/<a [^>]*href="\/bank"[^>]*>Cancel<\/a>/);
    expect(confirm).toMatch(/<button type="submit"[^>]*>Disconnect<\/button>/);
    expect(render(<BankPage {...premiumProps} connections={[active, broken]} />)).not.toContain(`role="alertdialog"`);
  });

  test("markup in a bank's texts is escaped", () => {
    const html = render(
      <BankPage {...premiumProps} connections={[{ ...broken, institutionName: "<b>Bank</b>", lastError: "<script>alert(1)</script>" }]} />,
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>Bank</b>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("PlaidLinkButton in the server render", () => {
  test("Connect: a POST form with intent link", () => {
    const html = render(<PlaidLinkButton linkScriptUrl={premiumProps.linkScriptUrl} />);
    expect(html).toMatch(
      new RegExp(
        `^<div[^>]*><form method="post" action="${BANK_PATH}"[^>]*><input type="hidden" name="intent" value="${BANK_INTENTS.link}"/><button type="submit" class="[^"]*">Connect Bank Account</button></form></div>$`,
      ),
    );
    expect(html).not.toContain("<script");
  });

  test("Reconnect: intent relink with the connection's id, named after the bank", () => {
    const html = render(<PlaidLinkButton linkScriptUrl={null} connectionId="conn-9" institutionName="Tartan Bank" />);
    expect(html).toContain(`<input type="hidden" name="intent" value="${BANK_INTENTS.relink}"/>`);
    expect(html).toContain(`<input type="hidden" name="connectionId" value="conn-9"/>`);
    expect(html).toMatch(/<button type="submit" aria-label="Reconnect Tartan Bank"[^>]*>Reconnect<\/button>/);
  });

  test("while the Hosted Link redirect is requested: disabled with a spinner", async () => {
    const html = await renderSubmitting(<PlaidLinkButton linkScriptUrl={null} />, { intent: BANK_INTENTS.link });
    expect(html).toMatch(/<button type="submit" disabled="" aria-busy="true"[^>]*><svg class="animate-spin/);
  });
});
