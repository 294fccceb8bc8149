/** Registers the dashboard's elements (the app's entry imports this; tests import it too). */
import { DeskApp } from "./app.js";
import { DeskCopy } from "./parts/copy-button.js";
import { DeskOverviewPage } from "./pages/overview.js";
import { DeskPaymentPage } from "./pages/payment.js";
import { DeskPaymentsPage } from "./pages/payments.js";
import { DeskRefunds } from "./pages/refunds.js";
import { DeskSettingsPage } from "./pages/settings.js";
import { DeskSignInPage } from "./pages/sign-in.js";
import { DeskWebhooksPage } from "./pages/webhooks.js";
import { DeskLinksPage } from "./pages/links.js";

const elements: [string, CustomElementConstructor][] = [
  ["desk-app", DeskApp],
  ["desk-copy", DeskCopy],
  ["desk-overview", DeskOverviewPage],
  ["desk-payments", DeskPaymentsPage],
  ["desk-payment", DeskPaymentPage],
  ["desk-refunds", DeskRefunds],
  ["desk-webhooks", DeskWebhooksPage],
  ["desk-links", DeskLinksPage],
  ["desk-settings", DeskSettingsPage],
  ["desk-sign-in", DeskSignInPage],
];
for (const [name, element] of elements) if (!customElements.get(name)) customElements.define(name, element);
