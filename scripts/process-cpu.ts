/**
 * CPU time per process and for the whole machine, from Linux's /proc (NaN elsewhere): a bench can then say
 * which of its processes used the cores while it measured, and how much went to everything else.
 */
import fs from "node:fs";

export interface ProcessCpu {
  pid: number;
  parent: number;
  /** The command line as the process shows it (PostgreSQL backends show their database there). */
  command: string;
  /** User and system CPU seconds since the process started. */
  seconds: number;
}

export interface CpuSnapshot {
  at: number;
  processes: Map<number, ProcessCpu>;
  /** CPU seconds the whole machine has spent busy (not idle or waiting on I/O) since boot. */
  machineBusySeconds: number;
}

const TICKS_PER_SECOND = 100;

function readProcess(pid: number): ProcessCpu | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name in parentheses may hold spaces: the fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").trim();
    return {
      pid,
      parent: Number(fields[1]),
      command,
      seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined; // gone meanwhile, or not ours to read
  }
}

export function cpuSnapshot(): CpuSnapshot {
  const processes = new Map<number, ProcessCpu>();
  let machineBusySeconds = 0;
  try {
    for (const name of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      const cpu = readProcess(Number(name));
      if (cpu) processes.set(cpu.pid, cpu);
    }
    const [, ...ticks] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
    machineBusySeconds = ticks.slice(0, 8).reduce((sum, t, i) => (i === 3 || i === 4 ? sum : sum + t), 0) / TICKS_PER_SECOND;
  } catch {
    // not Linux
  }
  return { at: Date.now(), processes, machineBusySeconds };
}

/**
 * Cores used between two snapshots by the processes `which` picks (a process that started in between counts
 * from zero; one that ended in between is not counted).
 */
export function coresUsed(from: CpuSnapshot, to: CpuSnapshot, which: (process: ProcessCpu) => boolean): number {
  if (to.processes.size === 0) return NaN;
  let seconds = 0;
  for (const process of to.processes.values()) {
    if (!which(process)) continue;
    seconds += process.seconds - (from.processes.get(process.pid)?.seconds ?? 0);
  }
  return seconds / ((to.at - from.at) / 1000);
}

/** Cores the whole machine used between two snapshots. */
export function machineCoresUsed(from: CpuSnapshot, to: CpuSnapshot): number {
  if (to.machineBusySeconds === 0) return NaN;
  return (to.machineBusySeconds - from.machineBusySeconds) / ((to.at - from.at) / 1000);
}
