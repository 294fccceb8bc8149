/** Snapshot rules: the 2,000 rule sequences and part 1 of the object sequences (support/snapshot-sequences.ts). */
import { describeObjectSequences, describeRuleSequences } from "../support/snapshot-sequences.js";

describeRuleSequences();
describeObjectSequences(1);
