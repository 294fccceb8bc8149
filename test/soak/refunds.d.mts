// Types of test/soak/refunds.mjs for the TypeScript test of its proofs (refund-proofs.test.ts).

export interface SoakRefundProof {
  name: string;
  ok: boolean;
  detail: string;
  failures: string[];
}

export interface SoakRefundFigures {
  requested: number;
  created: number;
  kinds: Record<string, number>;
  createRequests: number;
  approvalCalls: number;
  approvalRequests: number;
  approvalAnswers: Record<string, number>;
  approvedAcrossKill: number;
  payouts: number;
  payoutsForRefunds: number;
  duplicatePayouts: number;
  finalStates: Record<string, number>;
  events: number;
  eventsReceived: number;
}

/** A testnet P2WPKH address of its own for refund `n`, in the payment's coin. */
export declare function refundAddress(transferCurrency: string, n: number): string;

/** The refund proofs over the soak's refund records, the Worker's lists, the sandbox's payouts and what was received. */
export declare function proveRefunds(io: {
  refunds: object[];
  lists: ({ refunds: object[]; totals: { held: string } } | undefined)[];
  payouts: object[];
  truths: Map<string, { acceptedPaidTransferAmount: string }>;
  entries: { event: { id: string; type: string; data: object } }[];
  receiver: { received: Map<string, unknown> };
}): { proofs: SoakRefundProof[]; figures: SoakRefundFigures };
