// What the soak reads of the machine (Linux /proc and the file system): the resident memory of
// a process group's workerd, and the bytes a folder holds.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** Resident memory (KB) of the processes of group `pgid`: workerd's and all of them together. */
export function groupRss(pgid) {
  const out = { workerdKb: 0, totalKb: 0, processes: 0 };
  if (!pgid) return out;
  let pids;
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return out; // not Linux
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const pgrp = Number(stat.slice(close + 2).split(" ")[2]);
      if (pgrp !== pgid) continue;
      const rss = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
      out.totalKb += rss;
      out.processes++;
      if (comm === "workerd") out.workerdKb += rss;
    } catch {
      // the process ended while being read
    }
  }
  return out;
}

/** Bytes of the regular files under `path` (0 when missing), and how many there are. */
export function folderSize(path) {
  let bytes = 0;
  let files = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) for (const entry of readdirSync(p)) visit(join(p, entry));
    else if (stat.isFile()) {
      bytes += stat.size;
      files++;
    }
  };
  visit(path);
  return { bytes, files };
}
