// One proof of the soak as its report shows it: a name, whether it holds, "n of total", the first failures.

/** A list of proofs and `proof(name, failures, total)` that adds one to it. */
export function proofList() {
  const proofs = [];
  const proof = (name, failures, total) =>
    proofs.push({
      name,
      ok: failures.length === 0,
      detail: `${total - failures.length} of ${total}`,
      failures: failures.slice(0, 10),
    });
  return { proofs, proof };
}
