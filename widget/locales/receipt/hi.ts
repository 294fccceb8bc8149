/** The receipt page's texts in Hindi (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "रसीद लोड हो रही है…",
  heading: (shop: string) => `${shop} की रसीद`,
  documentTitle: (id: string, shop: string) => `रसीद ${id} – ${shop}`,
  testPayment: "टेस्ट भुगतान: कोई असली पैसा नहीं भेजा गया",
  transaction: "लेन-देन",
  transactions: "लेन-देन सूची",
  noTransactions: "भुगतान सेवा ने कोई लेन-देन नहीं बताया।",
  confirmedBy: (shop: string) => `${shop} के लिए भुगतान सेवा ने भुगतान की पुष्टि की।`,
  print: "प्रिंट करें या फ़ाइल के रूप में सहेजें",
  for: "किसके लिए",
  order: "ऑर्डर",
  price: "कीमत",
  amountIn: (currency: string) => `${currency} में राशि`,
  paid: "भुगतान किया गया",
  exchangeRate: "विनिमय दर",
  confirmed: "पुष्टि हुई",
  reference: "भुगतान संदर्भ",
  transactionId: "लेन-देन आईडी",
  amount: "राशि",
  state: "स्थिति",
  seen: "दिखा",
  accepted: "पुष्टि हुई",
  waiting: "प्रतीक्षा में",
  rejected: "अस्वीकृत",
  noReceiptTitle: "इस भुगतान की कोई रसीद नहीं है",
  noReceipt: (status: string, shop: string) =>
    `यह भुगतान पुष्टि के बिना समाप्त हो गया (इसकी स्थिति ${status} है), इसलिए इसकी कोई रसीद नहीं है। अगर आपने पैसे भेजे हैं, तो भुगतान संदर्भ के साथ ${shop} से संपर्क करें।`,
  notReadyTitle: "आपकी रसीद अभी तैयार नहीं है",
  notReady: (status: string) =>
    `भुगतान की पुष्टि होते ही रसीद यहाँ दिखेगी। अभी इसकी स्थिति ${status} है। बाद में यह पेज फिर से लोड करें और इसका पता सँभालकर रखें।`,
  notFoundTitle: "रसीद नहीं मिली",
  notFound:
    "इस पते पर कोई रसीद नहीं मिली। पूरा लिंक फिर से खोलें, # चिह्न के बाद का सब कुछ भी; रसीद सिर्फ़ वही लिंक खोलता है जो आपको मिला है।",
  errorTitle: "रसीद लोड नहीं हो सकी",
  connectionFailed: "कनेक्शन विफल रहा। अपना कनेक्शन जाँचें और यह पेज फिर से लोड करें।",
  serverError: (status: string) => `सर्वर ने ${status} जवाब दिया। थोड़ी देर में यह पेज फिर से लोड करें।`,
};
