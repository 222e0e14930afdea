import { z } from 'zod';
import { isMonday } from '../week';

/** How a calendar date is written everywhere in the API. */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The Monday that starts a week, `YYYY-MM-DD`; anything else is refused with `message`. The
 * pattern and the date format are what the API's description shows (a Monday it cannot say).
 */
export const mondaySchema = (message: string) =>
  z
    .string({ error: message })
    .regex(CALENDAR_DATE, message)
    .refine(isMonday, message)
    .meta({ format: 'date', description: 'Un lunes, `AAAA-MM-DD`: el primer día de la semana.' });
