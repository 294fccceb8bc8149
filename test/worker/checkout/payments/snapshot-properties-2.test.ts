/** Part 2 of the object sequences of the snapshot rules (support/snapshot-sequences.ts). */
import { describeObjectSequences } from "../support/snapshot-sequences.js";

describeObjectSequences(2);
