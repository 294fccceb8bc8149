/** The sandbox's control API for the bench's measurements: POST `{sandbox}/sandbox{path}` with a JSON body, its JSON answer. */
export async function sandboxControl(sandboxUrl, path, body) {
  const response = await fetch(`${sandboxUrl}/sandbox${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}
