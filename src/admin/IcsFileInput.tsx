'use client'

import type { UIFieldClientComponent } from 'payload'

import { toast, useField } from '@payloadcms/ui'
import { useId, useState } from 'react'

import { useCalendarTranslation } from '../i18n/useCalendarTranslation'

type Props = {
  /** The largest file read, in bytes. */
  maxBytes: number
  /** The text field the file's text fills. */
  target: string
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`

/**
 * An .ics file chosen from the editor's computer, read in the browser into the source's text
 * field (`ics`), which the form then saves as if pasted. Its size is checked before it is read,
 * and its first line says whether it is a calendar at all.
 */
export const IcsFileInput: UIFieldClientComponent = (props) => {
  const { maxBytes, target } = props as unknown as Props
  const { t } = useCalendarTranslation()
  const { setValue } = useField<string>({ path: target })
  const [read, setRead] = useState<string>()
  const id = useId()

  const choose = async (file: File | undefined) => {
    setRead(undefined)
    if (!file) return
    if (file.size > maxBytes) {
      toast.error(t('icsFileTooLarge', { max: megabytes(maxBytes) }))
      return
    }
    const text = await file.text()
    if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text)) {
      toast.error(t('icsFileNotCalendar'))
      return
    }
    setValue(text)
    setRead(t('icsFileRead', { name: file.name }))
  }

  return (
    <div className="ics-file field-type" style={{ marginBottom: 'var(--base)' }}>
      <label className="field-label" htmlFor={id}>
        {t('icsFileChoose')}
      </label>
      <input
        accept=".ics,text/calendar"
        className="ics-file__input"
        id={id}
        onChange={(event) => {
          void choose(event.target.files?.[0])
          event.target.value = ''
        }}
        type="file"
      />
      {read ? (
        <p className="ics-file__read field-description" role="status">
          {read}
        </p>
      ) : null}
    </div>
  )
}
