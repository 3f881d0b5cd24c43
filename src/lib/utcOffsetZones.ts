/*
 * Facts of PHP 8.2 (the original runs on it, test/fixtures/oracle/README.md), recorded as data:
 * for every whole minute of offset from -14:00 to +15:00, the zone PHP guesses for it without
 * daylight saving, which is how The Events Calendar turns a manual `UTC+2` into a zone
 * (`Tribe__Timezones::generate_timezone_string_from_utc_offset`, see ./utcOffsets.ts):
 * `timezone_name_from_abbr('', $seconds, 0)`, else the first zone of `timezone_abbreviations_list()`
 * at that offset without daylight saving. Every minute not listed gives neither (the original then
 * falls back to UTC). Made with PHP 8.2.36 CLI (`date.timezone` UTC, as under WordPress):
 *
 *   for ($m = -840; $m <= 900; $m++) {
 *     $zone = timezone_name_from_abbr('', $m * 60, 0);
 *     if ($zone === false) foreach (timezone_abbreviations_list() as $cities) foreach ($cities as $city)
 *       if (!$city['dst'] && (int) $city['offset'] === $m * 60 && $city['timezone_id']) { $zone = $city['timezone_id']; break 2; }
 *     if ($zone !== false) echo "  '$m': '$zone',\n";
 *   }
 *
 * Checked against the original's answers: `UTC+2` is Helsinki (summer time in July), `UTC-5:30`
 * (-4:30 to PHP) Caracas, `UTC+5:45` Kathmandu, `UTC-12`, `UTC+14` and `UTC+2.5` none
 * (test/fixtures/oracle/responses/c-timezones-*).
 */

/** Minutes east of UTC → the zone PHP guesses. */
export const PHP_ZONE_OF_OFFSET: Readonly<Record<number, string>> = {
  '-660': 'Pacific/Apia',
  '-630': 'Pacific/Honolulu',
  '-600': 'Pacific/Honolulu',
  '-540': 'America/Anchorage',
  '-480': 'America/Los_Angeles',
  '-420': 'America/Denver',
  '-360': 'America/Chicago',
  '-314': 'America/Guayaquil',
  '-300': 'America/New_York',
  '-289': 'America/Port-au-Prince',
  '-280': 'America/Santo_Domingo',
  '-270': 'America/Caracas',
  '-240': 'America/Halifax',
  '-210': 'America/St_Johns',
  '-180': 'America/Sao_Paulo',
  '-60': 'Atlantic/Azores',
  '0': 'Europe/London',
  '60': 'Europe/Paris',
  '84': 'Europe/Vilnius',
  '90': 'Africa/Johannesburg',
  '99': 'Europe/Tallinn',
  '110': 'Europe/Minsk',
  '115': 'Europe/Chisinau',
  '120': 'Europe/Helsinki',
  '136': 'Europe/Simferopol',
  '180': 'Europe/Moscow',
  '240': 'Asia/Dubai',
  '294': 'Indian/Maldives',
  '300': 'Asia/Karachi',
  '330': 'Asia/Kolkata',
  '345': 'Asia/Katmandu',
  '420': 'Asia/Krasnoyarsk',
  '480': 'Asia/Shanghai',
  '510': 'Asia/Hong_Kong',
  '540': 'Asia/Tokyo',
  '570': 'Australia/Adelaide',
  '600': 'Australia/Melbourne',
  '690': 'Pacific/Auckland',
  '720': 'Pacific/Auckland',
}
