/** The payment link page's texts in Hindi (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `राशि (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `${min} और ${max} ${currency} के बीच`,
  range: (min: string, max: string, currency: string) => `${min} से ${max} ${currency}`,
  anyAmount: (range: string) => `कोई भी राशि: ${range}`,
  optional: (label: string) => `${label} (वैकल्पिक)`,
  payWith: "इससे भुगतान करें",
  continue: "भुगतान पर जाएँ",
  needsScript: "भुगतान लेने के लिए इस पेज को JavaScript की ज़रूरत है।",
  linkHeading: "भुगतान लिंक",
  expired: "इस भुगतान लिंक की अवधि समाप्त हो गई है।",
  disabled: "यह भुगतान लिंक अब सक्रिय नहीं है।",
  used: "इस भुगतान लिंक का भुगतान पहले ही हो चुका है।",
  notFoundTitle: "भुगतान लिंक नहीं मिला",
  notFound: "इस पते पर कोई भुगतान लिंक नहीं है। आपको भेजा गया लिंक जाँचें।",
  contactShop: "नए लिंक के लिए दुकान से संपर्क करें।",
  amountError: (min: string, max: string, currency: string) => `${min} और ${max} ${currency} के बीच की राशि डालें।`,
  referenceError: (label: string) => `“${label}” भरें।`,
  goneError: "इस भुगतान लिंक से अब भुगतान नहीं किया जा सकता। नए लिंक के लिए दुकान से संपर्क करें।",
  failedError: "भुगतान शुरू नहीं हो सका। पेज फिर से लोड करें और दोबारा कोशिश करें।",
  networkError: "भुगतान शुरू नहीं हो सका। अपना कनेक्शन जाँचें और दोबारा कोशिश करें।",
};
