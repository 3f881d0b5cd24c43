import config from '@payload-config'
import { eventsCalendarRoutes } from 'payload-events-calendar/next'

export const { DELETE, GET, OPTIONS, PATCH, POST, PUT } = eventsCalendarRoutes(config)
