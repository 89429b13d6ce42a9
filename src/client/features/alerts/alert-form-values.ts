import type { UseFormReturn } from "react-hook-form";
import type { AlertFrequency } from "../../../shared/constants";
import type { AlertPreferences, UpdateAlertPreferences } from "../../../shared/schemas/alerts";

/** The settings as the form holds them: checkbox values are plain strings, blank fields "". */
export interface AlertFormValues {
  frequency: AlertFrequency;
  channels: string[];
  timeZone: string;
  filtersEnabled: boolean;
  verticals: string[];
  geos: string[];
  tags: string[];
  minPayout: string;
}

/** The form the Alerts tab's fieldsets are bound to: held as typed, handed over parsed. */
export type AlertForm = UseFormReturn<AlertFormValues, unknown, UpdateAlertPreferences>;

export function alertFormValues(preferences: AlertPreferences): AlertFormValues {
  return {
    frequency: preferences.frequency,
    channels: preferences.channels,
    timeZone: preferences.timeZone,
    filtersEnabled: preferences.filtersEnabled,
    verticals: preferences.verticals,
    geos: preferences.geos,
    tags: preferences.tags,
    minPayout: preferences.minPayout ?? "",
  };
}
