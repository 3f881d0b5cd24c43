/**
 * What `action` cost this process: its result, the wall time it took and the CPU the process spent
 * meanwhile (user and system, all its threads), in milliseconds. For a server in the test's own
 * process (serveAllApis), the CPU is the request's work, client side included: unlike the wall
 * time, it does not grow when another test file shares the machine's cores, so a bound on it can
 * be tight where a bound on the wall time must leave room for the neighbours.
 */
export async function withCpu<T>(
  action: () => Promise<T>,
): Promise<{ cpuMs: number; ms: number; result: T }> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  const result = await action()
  const ms = performance.now() - started
  const spent = process.cpuUsage(cpu)
  return { cpuMs: (spent.user + spent.system) / 1000, ms, result }
}
