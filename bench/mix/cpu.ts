import { readdirSync, readFileSync } from 'node:fs'

/*
 * CPU time the processes of one system used (Linux `/proc`; 0 elsewhere): on a machine shared
 * with other work, requests per second follow the share of the CPU each system's processes get,
 * while CPU time per request is what each request costs, whatever the load.
 */

const TICK_MS = 1000 / 100 // USER_HZ

type Process = { comm: string; cpu: number; pid: number; ppid: number }

function processes(): Process[] {
  const found: Process[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      // After the command: state, ppid, …, utime (14th field of the line), stime, cutime, cstime.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const cpu = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0)
      found.push({ comm, cpu: cpu * TICK_MS, pid: Number(entry), ppid: Number(fields[1]) })
    } catch {
      // The process ended meanwhile.
    }
  }
  return found
}

/**
 * CPU ms used so far by the processes named in `select`: by pid (each with its descendants, such
 * as a Postgres server's backends) or by command name (Apache's workers, MariaDB). Children that
 * ended count through their parent's cutime/cstime.
 */
export function cpuMsOf(select: { names?: string[]; pids?: number[] }): number {
  const all = processes()
  const chosen = new Set<number>(select.pids ?? [])
  for (const process of all) if (select.names?.includes(process.comm)) chosen.add(process.pid)
  const parentOf = new Map(all.map((process) => [process.pid, process.ppid]))
  const inTree = (pid: number) => {
    for (let at: number | undefined = pid; at && at > 1; at = parentOf.get(at))
      if (chosen.has(at)) return true
    return false
  }
  return all.filter((process) => inTree(process.pid)).reduce((sum, p) => sum + p.cpu, 0)
}

/** The pid of the Postgres server whose data folder is `dir` (its `postmaster.pid`), or undefined. */
export function postmasterPid(dir: string): number | undefined {
  try {
    return Number(readFileSync(`${dir}/postmaster.pid`, 'utf8').split('\n')[0]) || undefined
  } catch {
    return undefined
  }
}

/**
 * The resident memory (MB) of `pid` and of each Node process under it (a cluster's workers; not a
 * Postgres's backends, whose shared buffers count in each), as `/proc` tells it; [] elsewhere.
 */
export function nodeMemoryOf(pid: number): { mb: number; pid: number }[] {
  const all = processes()
  const rss = (of: number) => {
    try {
      const line = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${of}/status`, 'utf8'))
      return line ? Math.round(Number(line[1]) / 1024) : 0
    } catch {
      return 0
    }
  }
  const workers = all.filter((process) => process.ppid === pid && process.comm === 'node')
  return [pid, ...workers.map((process) => process.pid)].map((of) => ({ mb: rss(of), pid: of }))
}
