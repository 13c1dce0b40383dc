import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';

interface CalendarProps {
  selected: Date | undefined;
  onSelect: (date: Date | undefined) => void;
  /** Days before this one cannot be chosen. */
  fromDay: Date;
}

/** The date picker's calendar, loaded on demand when the popover first opens. */
export default function Calendar({ selected, onSelect, fromDay }: CalendarProps) {
  return (
    <DayPicker
      mode="single"
      selected={selected}
      onSelect={onSelect}
      defaultMonth={selected ?? fromDay}
      disabled={{ before: fromDay }}
      autoFocus
    />
  );
}
