import * as migration_20261121_014424_initial from './20261121_014424_initial';
import * as migration_20261121_014425_shared_id_sequences from './20261121_014425_shared_id_sequences';
import * as migration_20261121_020136_description_text from './20261121_020136_description_text';
import * as migration_20261121_025035_list_performance from './20261121_025035_list_performance';
import * as migration_20261123_221005_media_storage_fields from './20261123_221005_media_storage_fields';
import * as migration_20261124_003000_search_indexes from './20261124_003000_search_indexes';
import * as migration_20261124_025629_external_images from './20261124_025629_external_images';
import * as migration_20261124_030622_summary_text from './20261124_030622_summary_text';
import * as migration_20261124_040218_list_order from './20261124_040218_list_order';
import * as migration_20261124_054802_description_html from './20261124_054802_description_html';
import * as migration_20261124_055027_linked_post_dates from './20261124_055027_linked_post_dates';
import * as migration_20261124_060000_search_folding from './20261124_060000_search_folding';
import * as migration_20261124_060700_list_window_index from './20261124_060700_list_window_index';
import * as migration_20261124_062622_linked_description_html from './20261124_062622_linked_description_html';
import * as migration_20261124_090000_search_indexes from './20261124_090000_search_indexes';
import * as migration_20261127_000000_shared_id_owners from './20261127_000000_shared_id_owners';
import * as migration_20261127_051149_recurrence_fields from './20261127_051149_recurrence_fields';
import * as migration_20261127_051500_occurrences from './20261127_051500_occurrences';
import * as migration_20261127_052524_recurrence_job from './20261127_052524_recurrence_job';
import * as migration_20261127_084153_calendar_sources from './20261127_084153_calendar_sources';
import * as migration_20261127_084324_webhooks from './20261127_084324_webhooks';
import * as migration_20261127_090000_occurrence_list_index from './20261127_090000_occurrence_list_index';
import * as migration_20261127_130114_slug_typed from './20261127_130114_slug_typed';
import * as migration_20261127_145622_revisions from './20261127_145622_revisions';
import * as migration_20261127_180000_occurrence_window_bounds from './20261127_180000_occurrence_window_bounds';
import * as migration_20261127_180100_change_items from './20261127_180100_change_items';
import * as migration_20261127_193000_occurrence_changes from './20261127_193000_occurrence_changes';
import * as migration_20261128_010000_list_reads from './20261128_010000_list_reads';
import * as migration_20261128_020000_apart_from_dates from './20261128_020000_apart_from_dates';
import * as migration_20261128_030000_list_rows from './20261128_030000_list_rows';
import * as migration_20261128_070000_list_probes from './20261128_070000_list_probes';
import * as migration_20261128_100000_occurrence_event_window from './20261128_100000_occurrence_event_window';
import * as migration_20261128_110000_zero_costs from './20261128_110000_zero_costs';
import * as migration_20261128_190000_occurrence_vacuum from './20261128_190000_occurrence_vacuum';
import * as migration_20261129_010000_apart_on_moves from './20261129_010000_apart_on_moves';
import * as migration_20261129_050000_hidden_changes from './20261129_050000_hidden_changes';

export const migrations = [
  {
    up: migration_20261121_014424_initial.up,
    down: migration_20261121_014424_initial.down,
    name: '20261121_014424_initial',
  },
  {
    up: migration_20261121_014425_shared_id_sequences.up,
    down: migration_20261121_014425_shared_id_sequences.down,
    name: '20261121_014425_shared_id_sequences',
  },
  {
    up: migration_20261121_020136_description_text.up,
    down: migration_20261121_020136_description_text.down,
    name: '20261121_020136_description_text',
  },
  {
    up: migration_20261121_025035_list_performance.up,
    down: migration_20261121_025035_list_performance.down,
    name: '20261121_025035_list_performance',
  },
  {
    up: migration_20261123_221005_media_storage_fields.up,
    down: migration_20261123_221005_media_storage_fields.down,
    name: '20261123_221005_media_storage_fields',
  },
  {
    up: migration_20261124_003000_search_indexes.up,
    down: migration_20261124_003000_search_indexes.down,
    name: '20261124_003000_search_indexes',
  },
  {
    up: migration_20261124_025629_external_images.up,
    down: migration_20261124_025629_external_images.down,
    name: '20261124_025629_external_images',
  },
  {
    up: migration_20261124_030622_summary_text.up,
    down: migration_20261124_030622_summary_text.down,
    name: '20261124_030622_summary_text',
  },
  {
    up: migration_20261124_040218_list_order.up,
    down: migration_20261124_040218_list_order.down,
    name: '20261124_040218_list_order',
  },
  {
    up: migration_20261124_054802_description_html.up,
    down: migration_20261124_054802_description_html.down,
    name: '20261124_054802_description_html',
  },
  {
    up: migration_20261124_055027_linked_post_dates.up,
    down: migration_20261124_055027_linked_post_dates.down,
    name: '20261124_055027_linked_post_dates',
  },
  {
    up: migration_20261124_060000_search_folding.up,
    down: migration_20261124_060000_search_folding.down,
    name: '20261124_060000_search_folding',
  },
  {
    up: migration_20261124_060700_list_window_index.up,
    down: migration_20261124_060700_list_window_index.down,
    name: '20261124_060700_list_window_index',
  },
  {
    up: migration_20261124_062622_linked_description_html.up,
    down: migration_20261124_062622_linked_description_html.down,
    name: '20261124_062622_linked_description_html',
  },
  {
    up: migration_20261124_090000_search_indexes.up,
    down: migration_20261124_090000_search_indexes.down,
    name: '20261124_090000_search_indexes',
  },
  {
    up: migration_20261127_000000_shared_id_owners.up,
    down: migration_20261127_000000_shared_id_owners.down,
    name: '20261127_000000_shared_id_owners',
  },
  {
    up: migration_20261127_051149_recurrence_fields.up,
    down: migration_20261127_051149_recurrence_fields.down,
    name: '20261127_051149_recurrence_fields',
  },
  {
    up: migration_20261127_051500_occurrences.up,
    down: migration_20261127_051500_occurrences.down,
    name: '20261127_051500_occurrences',
  },
  {
    up: migration_20261127_052524_recurrence_job.up,
    down: migration_20261127_052524_recurrence_job.down,
    name: '20261127_052524_recurrence_job',
  },
  {
    up: migration_20261127_084153_calendar_sources.up,
    down: migration_20261127_084153_calendar_sources.down,
    name: '20261127_084153_calendar_sources',
  },
  {
    up: migration_20261127_084324_webhooks.up,
    down: migration_20261127_084324_webhooks.down,
    name: '20261127_084324_webhooks',
  },
  {
    up: migration_20261127_090000_occurrence_list_index.up,
    down: migration_20261127_090000_occurrence_list_index.down,
    name: '20261127_090000_occurrence_list_index',
  },
  {
    up: migration_20261127_130114_slug_typed.up,
    down: migration_20261127_130114_slug_typed.down,
    name: '20261127_130114_slug_typed',
  },
  {
    up: migration_20261127_145622_revisions.up,
    down: migration_20261127_145622_revisions.down,
    name: '20261127_145622_revisions'
  },
  {
    up: migration_20261127_180000_occurrence_window_bounds.up,
    down: migration_20261127_180000_occurrence_window_bounds.down,
    name: '20261127_180000_occurrence_window_bounds',
  },
  {
    up: migration_20261127_180100_change_items.up,
    down: migration_20261127_180100_change_items.down,
    name: '20261127_180100_change_items',
  },
  {
    up: migration_20261127_193000_occurrence_changes.up,
    down: migration_20261127_193000_occurrence_changes.down,
    name: '20261127_193000_occurrence_changes',
  },
  {
    up: migration_20261128_010000_list_reads.up,
    down: migration_20261128_010000_list_reads.down,
    name: '20261128_010000_list_reads',
  },
  {
    up: migration_20261128_020000_apart_from_dates.up,
    down: migration_20261128_020000_apart_from_dates.down,
    name: '20261128_020000_apart_from_dates',
  },
  {
    up: migration_20261128_030000_list_rows.up,
    down: migration_20261128_030000_list_rows.down,
    name: '20261128_030000_list_rows',
  },
  {
    up: migration_20261128_070000_list_probes.up,
    down: migration_20261128_070000_list_probes.down,
    name: '20261128_070000_list_probes',
  },
  {
    up: migration_20261128_100000_occurrence_event_window.up,
    down: migration_20261128_100000_occurrence_event_window.down,
    name: '20261128_100000_occurrence_event_window',
  },
  {
    up: migration_20261128_110000_zero_costs.up,
    down: migration_20261128_110000_zero_costs.down,
    name: '20261128_110000_zero_costs',
  },
  {
    up: migration_20261128_190000_occurrence_vacuum.up,
    down: migration_20261128_190000_occurrence_vacuum.down,
    name: '20261128_190000_occurrence_vacuum',
  },
  {
    up: migration_20261129_010000_apart_on_moves.up,
    down: migration_20261129_010000_apart_on_moves.down,
    name: '20261129_010000_apart_on_moves',
  },
  {
    up: migration_20261129_050000_hidden_changes.up,
    down: migration_20261129_050000_hidden_changes.down,
    name: '20261129_050000_hidden_changes',
  },
];
