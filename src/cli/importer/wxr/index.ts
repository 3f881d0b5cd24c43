import type { Payload } from 'payload'

import type { Progress, RunReport } from '../../progress'
import type { ItemPlan } from '../items'
import type { PlannedSeries } from './series'

import { planWxr, type WxrPlans } from './plans'
import { drawIdsPast, keepOccurrencePostIds } from './provisionalIds'
import { readWxrFile } from './readWxr'

export { WxrError } from './readWxr'

/** The post types of The Events Calendar an export's items are read for. */
const TYPES = new Set(['tribe_events', 'tribe_organizer', 'tribe_venue'])

/** `import --wxr <file>`: the export's calendar as plans, and what became of each recurring series. */
export async function readWxr(
  payload: Payload,
  options: { file: string; sourceTimezone?: string },
  progress: Progress,
  report: RunReport,
): Promise<WxrPlans> {
  progress.note(`Reading ${options.file}`)
  const file = await readWxrFile(options.file, TYPES)
  return planWxr(payload, file, { sourceTimezone: options.sourceTimezone }, report, progress)
}

/**
 * `import --wxr <file>`: reads the export, then writes in two steps so that the occurrence ids a
 * series draws never take an id the file gives: every item but the series first (with the ids
 * they have in the file, which move the shared sequence past them), then, with the sequence moved
 * past the file's highest post id, the series; last, each series' occurrences take their
 * occurrence posts' ids where free. Returns the summary's part on the series.
 */
export async function importWxr(
  payload: Payload,
  command: { dryRun: boolean; sourceTimezone?: string; wxr: string },
  {
    apply,
    progress,
    report,
  }: { apply: (plans: ItemPlan[]) => Promise<void>; progress: Progress; report: RunReport },
): Promise<string> {
  const { highest, plans, series } = await readWxr(
    payload,
    { file: command.wxr, sourceTimezone: command.sourceTimezone },
    progress,
    report,
  )
  const firsts = new Set(series.filter((one) => 'recurrence' in one).map((one) => one.id))
  const isSeries = (plan: ItemPlan) => plan.kind === 'events' && firsts.has(plan.id)
  // A dry run writes nothing, so nothing is drawn: it compares everything at once, which lets the series' links be the items it would create.
  if (command.dryRun) {
    await apply(plans)
  } else {
    await apply(plans.filter((plan) => !isSeries(plan)))
    await drawIdsPast(payload, highest)
    await apply(plans.filter(isSeries))
    const kept = await keepOccurrencePostIds(payload, series, report)
    if (kept) progress.note(`${kept} occurrence(s) took the id of their occurrence post`)
  }
  return describeSeries(series, command.dryRun)
}

/** The summary's part on recurring series: which came as series (with their rule), which as separate events and why. */
export function describeSeries(series: PlannedSeries[], dryRun: boolean): string {
  if (!series.length) return ''
  const kept = series.filter((one) => 'recurrence' in one)
  const split = series.filter((one) => 'reason' in one)
  const would = dryRun ? 'would come' : 'came'
  const out = [`Recurring series (${series.length}):`]
  if (kept.length) out.push(`  ${kept.length} ${would} over as series:`)
  for (const one of kept) {
    if (!('recurrence' in one)) continue
    const parts = [
      one.recurrence.ruleText && `RRULE ${one.recurrence.ruleText}`,
      one.recurrence.rdates.length && `RDATE ${one.recurrence.rdates.join(',')}`,
      one.recurrence.exdates.length && `EXDATE ${one.recurrence.exdates.join(',')}`,
    ].filter(Boolean)
    out.push(
      `    event ${one.id} "${one.title}": ${parts.join('; ')}; ${one.occurrences} occurrence(s) up to ${one.until}, the dates the original listed${one.children.length ? ` (its occurrence posts ${one.children.join(', ')} are occurrences here, not events)` : ''}`,
    )
  }
  if (split.length) out.push(`  ${split.length} ${would} over as separate events:`)
  for (const one of split) {
    if (!('reason' in one)) continue
    out.push(
      `    event ${one.id} "${one.title}"${one.children.length ? ` and its occurrence posts ${one.children.join(', ')}` : ''}: ${one.reason}`,
    )
  }
  return out.join('\n')
}
