import { SaveAndCloseDrawer as SaveAndCloseDrawer_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { RoleField as RoleField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CurrentPasswordField as CurrentPasswordField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ApplicationPasswordsField as ApplicationPasswordsField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { TranslationSource as TranslationSource_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { EventStartCell as EventStartCell_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { EventDateField as EventDateField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { TimezoneField as TimezoneField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { RecurrenceField as RecurrenceField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { RelationNamesCell as RelationNamesCell_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { TranslatedFieldLabel as TranslatedFieldLabel_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CategoryTreeField as CategoryTreeField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { FlagCell as FlagCell_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { EventIcsLink as EventIcsLink_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { QuickEditCell as QuickEditCell_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { WorkflowActions as WorkflowActions_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { TranslationStatus as TranslationStatus_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { TranslationStatusField as TranslationStatusField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { PreviewLinksField as PreviewLinksField_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { LocalizedDateTimeField as LocalizedDateTimeField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { EventListFilters as EventListFilters_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { EditingLanguage as EditingLanguage_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { WorkflowSaveButton as WorkflowSaveButton_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CalendarViewLink as CalendarViewLink_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ExportIcsLink as ExportIcsLink_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { SpreadsheetLinks as SpreadsheetLinks_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { EventCalendarView as EventCalendarView_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { VenueCountryField as VenueCountryField_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { VenueMap as VenueMap_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { ApplicationPasswordRedirect as ApplicationPasswordRedirect_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { IcsFileInput as IcsFileInput_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CalendarSourceRun as CalendarSourceRun_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { WebhookSecret as WebhookSecret_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { CalendarNavLink as CalendarNavLink_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { EditorialQueue as EditorialQueue_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { HideUnknownLocale as HideUnknownLocale_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { HideFirstUserApiKey as HideFirstUserApiKey_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { AdminToasts as AdminToasts_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { SignInLanguage as SignInLanguage_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { FormLoading as FormLoading_fc9a935b1c29e987d85707eeffd38325 } from 'payload-events-calendar/client'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { CsvImportView as CsvImportView_a995b648d441da9f32677ad10f937676 } from 'payload-events-calendar/rsc'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "payload-events-calendar/client#SaveAndCloseDrawer": SaveAndCloseDrawer_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#RoleField": RoleField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CurrentPasswordField": CurrentPasswordField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#ApplicationPasswordsField": ApplicationPasswordsField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#TranslationSource": TranslationSource_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/rsc#EventStartCell": EventStartCell_a995b648d441da9f32677ad10f937676,
  "payload-events-calendar/client#EventDateField": EventDateField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#TimezoneField": TimezoneField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#RecurrenceField": RecurrenceField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/rsc#RelationNamesCell": RelationNamesCell_a995b648d441da9f32677ad10f937676,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "payload-events-calendar/client#TranslatedFieldLabel": TranslatedFieldLabel_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CategoryTreeField": CategoryTreeField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/rsc#FlagCell": FlagCell_a995b648d441da9f32677ad10f937676,
  "payload-events-calendar/client#EventIcsLink": EventIcsLink_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#QuickEditCell": QuickEditCell_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#WorkflowActions": WorkflowActions_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/rsc#TranslationStatus": TranslationStatus_a995b648d441da9f32677ad10f937676,
  "payload-events-calendar/client#TranslationStatusField": TranslationStatusField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/rsc#PreviewLinksField": PreviewLinksField_a995b648d441da9f32677ad10f937676,
  "payload-events-calendar/client#LocalizedDateTimeField": LocalizedDateTimeField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#EventListFilters": EventListFilters_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#EditingLanguage": EditingLanguage_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#WorkflowSaveButton": WorkflowSaveButton_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CalendarViewLink": CalendarViewLink_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#ExportIcsLink": ExportIcsLink_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#SpreadsheetLinks": SpreadsheetLinks_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/rsc#EventCalendarView": EventCalendarView_a995b648d441da9f32677ad10f937676,
  "payload-events-calendar/client#VenueCountryField": VenueCountryField_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#VenueMap": VenueMap_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/rsc#ApplicationPasswordRedirect": ApplicationPasswordRedirect_a995b648d441da9f32677ad10f937676,
  "payload-events-calendar/client#IcsFileInput": IcsFileInput_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CalendarSourceRun": CalendarSourceRun_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#WebhookSecret": WebhookSecret_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#CalendarNavLink": CalendarNavLink_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/rsc#EditorialQueue": EditorialQueue_a995b648d441da9f32677ad10f937676,
  "payload-events-calendar/client#HideUnknownLocale": HideUnknownLocale_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#HideFirstUserApiKey": HideFirstUserApiKey_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#AdminToasts": AdminToasts_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#SignInLanguage": SignInLanguage_fc9a935b1c29e987d85707eeffd38325,
  "payload-events-calendar/client#FormLoading": FormLoading_fc9a935b1c29e987d85707eeffd38325,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "payload-events-calendar/rsc#CsvImportView": CsvImportView_a995b648d441da9f32677ad10f937676,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
