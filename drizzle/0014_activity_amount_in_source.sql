-- Where an activity leg's amountIn comes from (issue 23): "chain" or "plan" for bridge legs; NULL for other legs and
-- for bridge legs recorded before (nothing tells how those were made).
ALTER TABLE "activity" ADD COLUMN "amount_in_source" text;