/**
 * SQL of the West Africa Time calendar day of a timestamptz expression (WAT is UTC+1 all year), as the product
 * counts its days, whatever the database session's time zone.
 */
export const watDateSql = (expression: string) => `((${expression} AT TIME ZONE 'UTC') + interval '1 hour')::date`;
