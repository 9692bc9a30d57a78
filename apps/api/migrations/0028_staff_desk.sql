-- What each staff member does at the desk (issue 36), set by a super admin (audited): the departments they
-- belong to, as the catalogue names them; whether they collect money and give items; the largest waiver
-- they approve (NULL: none). A member without a row has none of these. Items of a department are given only
-- by its members.
CREATE TABLE staff_desks (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  departments text[] NOT NULL DEFAULT '{}',
  collects_money boolean NOT NULL DEFAULT false,
  gives_items boolean NOT NULL DEFAULT false,
  waiver_limit_kobo bigint CHECK (waiver_limit_kobo >= 0),
  updated_by bigint NOT NULL REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Staff who gave items before the desk existed keep giving, in every department they already gave for:
-- each member's departments are those of their past givings, so no point of care stops on the upgrade.
INSERT INTO staff_desks (user_id, departments, gives_items, updated_by)
SELECT r.given_by, array_agg(DISTINCT r.department ORDER BY r.department), true, r.given_by
FROM receipt_redemptions r
GROUP BY r.given_by;
