/**
 * What the cancel and manage links show of a reservation (GET/POST /api/reservations/cancel/{token},
 * POST /api/reservations/manage/{token}): no contact details, only what the page needs. The hooks
 * write it (server/managelink.go, with hooks/create/manage.ts summaryOf) and the browser reads it (features/reservations/tokenApi.ts).
 */
export interface ReservationSummary {
  event_name: string;
  event_date: string;
  event_time: string;
  party_size: number;
  status: string;
  name: string;
  is_board_game_night: boolean;
  can_change: boolean;
}
