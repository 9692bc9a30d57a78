/**
 * GET /api/staff/shifts/current/ lives in `src/lib/staff-desk/current-shift.ts`: the bills feature's desk payments
 * read the open shift too, and features do not import each other. The shifts feature keeps its names from here.
 */
export { currentShiftQueryKey, getCurrentShift, shiftsQueryKey, useCurrentShift } from "../../../lib/staff-desk/current-shift";
