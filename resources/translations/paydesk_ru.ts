<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU" sourcelanguage="en_US">
<context>
    <name>PayDesk</name>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="81"/>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="138"/>
        <source> min</source>
        <translation> мин</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/rows.py" line="75"/>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="139"/>
        <source>&amp;About PayDesk</source>
        <translation>&amp;О программе PayDesk</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="67"/>
        <source>&amp;Add a tablet or phone</source>
        <translation>&amp;Добавить планшет или телефон</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="106"/>
        <source>&amp;Add…</source>
        <translation>&amp;Добавить…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/sign_in.py" line="60"/>
        <source>&amp;Cashier:</source>
        <translation>&amp;Кассир:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="96"/>
        <source>&amp;Cashiers of this shop:</source>
        <translation>&amp;Кассиры магазина:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="122"/>
        <source>&amp;Check selected now</source>
        <translation>Проверить в&amp;ыбранные</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="137"/>
        <source>&amp;Client ID:</source>
        <translation>&amp;ID клиента:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="146"/>
        <source>&amp;Close shift…</source>
        <translation>&amp;Закрыть смену…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="56"/>
        <source>&amp;Code page:</source>
        <translation>&amp;Кодовая страница:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/owner_setup.py" line="56"/>
        <source>&amp;Create</source>
        <translation>&amp;Создать</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="135"/>
        <source>&amp;Customer display</source>
        <translation>&amp;Экран покупателя</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="111"/>
        <source>&amp;Export shown orders as CSV…</source>
        <translation>&amp;Экспорт показанных заказов в CSV…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/main_window.py" line="122"/>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="124"/>
        <source>&amp;Find…</source>
        <translation>&amp;Поиск…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/main_window.py" line="122"/>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="57"/>
        <source>&amp;Language:</source>
        <translation>&amp;Язык:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="143"/>
        <source>&amp;Lock the counter</source>
        <translation>Заб&amp;локировать кассу</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="49"/>
        <source>&amp;Merchant name:</source>
        <translation>&amp;Название магазина:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="145"/>
        <source>&amp;Mid-shift report…</source>
        <translation>Отчёт &amp;без закрытия смены…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="48"/>
        <location filename="../../app/paydesk/ui/shifts/owner_setup.py" line="45"/>
        <source>&amp;Name:</source>
        <translation>&amp;Имя:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="116"/>
        <source>&amp;New payment</source>
        <translation>&amp;Новый платёж</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="141"/>
        <source>&amp;Open shift…</source>
        <translation>&amp;Открыть смену…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_section.py" line="58"/>
        <source>&amp;Order book:</source>
        <translation>Кни&amp;га заказов:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/main_window.py" line="122"/>
        <source>&amp;Orders</source>
        <translation>&amp;Заказы</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="54"/>
        <source>&amp;Owner (manages cashiers and settings)</source>
        <translation>&amp;Владелец (кассиры и настройки)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_section.py" line="72"/>
        <source>&amp;Password:</source>
        <translation>&amp;Пароль:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="117"/>
        <source>&amp;Period:</source>
        <translation>&amp;Период:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="50"/>
        <location filename="../../app/paydesk/ui/shifts/owner_setup.py" line="47"/>
        <location filename="../../app/paydesk/ui/shifts/sign_in.py" line="62"/>
        <source>&amp;PIN:</source>
        <translation>&amp;PIN:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="56"/>
        <source>&amp;Print on the receipt printer</source>
        <translation>&amp;Печать на чековом принтере</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/printing/window_printing.py" line="56"/>
        <source>&amp;Print payment slip on the receipt printer</source>
        <translation>&amp;Печать квитанции на чековом принтере</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/printing/window_printing.py" line="57"/>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="125"/>
        <source>&amp;Print payment slip…</source>
        <translation>&amp;Печать квитанции…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="114"/>
        <source>&amp;Quit</source>
        <translation>В&amp;ыход</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="97"/>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="108"/>
        <source>&amp;Remove</source>
        <translation>&amp;Удалить</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="53"/>
        <source>&amp;Serve the page:</source>
        <translation>&amp;Страница:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/main_window.py" line="122"/>
        <source>&amp;Settings</source>
        <translation>&amp;Настройки</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="134"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Настройки…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="108"/>
        <source>&amp;Status</source>
        <translation>&amp;Статус</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="142"/>
        <source>&amp;Switch cashier…</source>
        <translation>&amp;Сменить кассира…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="77"/>
        <source>&amp;Till</source>
        <translation>&amp;Касса</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_section.py" line="85"/>
        <source>&amp;Till name:</source>
        <translation>&amp;Имя кассы:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="114"/>
        <source>&amp;Today</source>
        <translation>&amp;Сегодня</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/main_window.py" line="122"/>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="55"/>
        <source>(no cashier)</source>
        <translation>(без кассира)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="240"/>
        <source>(unnamed)</source>
        <translation>(без имени)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/totals_line.py" line="61"/>
        <source>1 order</source>
        <translation>1 заказ</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/pin_fields.py" line="21"/>
        <source>4 to 6 digits</source>
        <translation>от 4 до 6 цифр</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="320"/>
        <source>A cashier&apos;s name is one line of 1 to 40 characters.</source>
        <translation>Имя кассира — одна строка от 1 до 40 символов.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/form.py" line="197"/>
        <source>A note is one line: its line breaks became “{0}”.</source>
        <translation>Заметка — одна строка: её переносы строк заменены на «{0}».</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="102"/>
        <source>a number, from your payment service</source>
        <translation>число от платёжного сервиса</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="59"/>
        <source>A pairing code works once, for a few minutes. Ask the cashier for a new one and scan it with this device.</source>
        <translation>Код подключения действует один раз и несколько минут. Попросите у кассира новый и отсканируйте его этим устройством.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="316"/>
        <source>A PIN is 4 to 6 digits.</source>
        <translation>PIN-код — от 4 до 6 цифр.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_password.py" line="101"/>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="349"/>
        <location filename="../../app/paydesk/ui/shell/about_box.py" line="36"/>
        <source>a plaintext file, {0}</source>
        <translation>текстовый файл без шифрования, {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/app.py" line="276"/>
        <source>A report was saved in {0}.</source>
        <translation>Отчёт сохранён в папке {0}.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="95"/>
        <source>A server on another computer is reached only with TLS and a checked certificate: leave sslmode out, or write sslmode=verify-full.</source>
        <translation>К серверу на другом компьютере можно подключаться только через TLS с проверкой сертификата: не указывайте sslmode или укажите sslmode=verify-full.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="60"/>
        <source>A window on this screen</source>
        <translation>Окно на этом экране</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="129"/>
        <source>Abandoned</source>
        <translation>Отменено</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/about_box.py" line="71"/>
        <source>About PayDesk</source>
        <translation>О программе PayDesk</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="37"/>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="106"/>
        <source>Add a cashier</source>
        <translation>Добавить кассира</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="69"/>
        <source>Add a tablet or phone</source>
        <translation>Добавить планшет или телефон</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/about_box.py" line="58"/>
        <source>Alert sounds: {0}</source>
        <translation>Звуковые сигналы: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="45"/>
        <source>All</source>
        <translation>Все</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="51"/>
        <source>All orders</source>
        <translation>Все заказы</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="77"/>
        <source>All tills</source>
        <translation>Все кассы</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="45"/>
        <location filename="../../app/paydesk/cli/report_command.py" line="247"/>
        <location filename="../../app/paydesk/ui/orders/details.py" line="97"/>
        <location filename="../../app/paydesk/ui/orders/table_columns.py" line="68"/>
        <location filename="../../app/paydesk/ui/payment/customer_display.py" line="128"/>
        <location filename="../../app/paydesk/ui/payment/customer_display.py" line="139"/>
        <location filename="../../app/paydesk/ui/payment/customer_display.py" line="172"/>
        <location filename="../../app/paydesk/ui/payment/panel.py" line="113"/>
        <location filename="../../app/paydesk/ui/report/document.py" line="168"/>
        <location filename="../../app/paydesk/ui/report/document.py" line="252"/>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/form.py" line="58"/>
        <source>Amount in rubles</source>
        <translation>Сумма в рублях</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="42"/>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="56"/>
        <location filename="../../app/paydesk/ui/payment/form.py" line="83"/>
        <source>Amount, ₽</source>
        <translation>Сумма, ₽</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="91"/>
        <source>An address has no spaces.</source>
        <translation>В адресе не должно быть пробелов.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="46"/>
        <source>An e-mail address cannot contain control characters.</source>
        <translation>В адресе e-mail не может быть управляющих символов.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="45"/>
        <source>An e-mail address cannot contain spaces.</source>
        <translation>В адресе e-mail не может быть пробелов.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="82"/>
        <source>An e-mail address has at most {0} characters.</source>
        <translation>Адрес e-mail — не длиннее {0} символов.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="49"/>
        <source>An e-mail address has exactly one &apos;@&apos;.</source>
        <translation>В адресе e-mail должен быть ровно один знак «@».</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="58"/>
        <source>An order id cannot contain a colon.</source>
        <translation>В номере заказа не может быть двоеточия.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="84"/>
        <source>An order id has at most {0} characters.</source>
        <translation>Номер заказа — не длиннее {0} символов.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="59"/>
        <source>An order id may use only Latin letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>В номере заказа допустимы только латинские буквы, цифры и знаки «.», «_», «-».</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="135"/>
        <source>Answered at</source>
        <translation>Ответ получен</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="212"/>
        <source>Any device on the shop&apos;s network can reach this page; only paired devices see the sale, and they only see it.</source>
        <translation>Страница доступна любому устройству в сети магазина; продажу видят только подключённые устройства, и только её.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="58"/>
        <source>any free port</source>
        <translation>любой свободный</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="33"/>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="47"/>
        <source>As of {0}</source>
        <translation>На {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="54"/>
        <source>Ask the cashier for a new pairing code and scan it with this device.</source>
        <translation>Попросите у кассира новый код подключения и отсканируйте его этим устройством.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="83"/>
        <source>Asking the payment service for a link…</source>
        <translation>Запрашиваем ссылку у платёжного сервиса…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="100"/>
        <source>Asking the payment service whether it was paid…</source>
        <translation>Спрашиваем сервис, была ли оплата…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/alerts.py" line="78"/>
        <source>At {0}, order {1}</source>
        <translation>В {0}, заказ {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="118"/>
        <source>Back to the &amp;sale</source>
        <translation>Вернуться к п&amp;родаже</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/buyer_strip.py" line="36"/>
        <source>Back to the sale</source>
        <translation>Вернуться к продаже</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/buyer_strip.py" line="64"/>
        <source>Back to the sale of {amount}</source>
        <translation>Вернуться к продаже на {amount}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/chart.py" line="353"/>
        <source>Busiest: {0}, {1}</source>
        <translation>Больше всего: {0}, {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="148"/>
        <source>but did not send its link: it cannot be shown to the buyer.</source>
        <translation>но ссылку не прислал: показать её покупателю нельзя.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/form.py" line="63"/>
        <source>Buyer&apos;s e-mail</source>
        <translation>E-mail покупателя</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="46"/>
        <source>Buyer&apos;s screen on a tablet or phone</source>
        <translation>Экран покупателя на планшете или телефоне</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/web_screen.py" line="138"/>
        <source>Buyer&apos;s screens: not started</source>
        <translation>Экраны покупателя: не запущены</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/web_screen.py" line="141"/>
        <source>Buyer&apos;s screens: {0}</source>
        <translation>Экранов покупателя: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="44"/>
        <source>By cashier</source>
        <translation>По кассирам</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="54"/>
        <source>By cashier (paid)</source>
        <translation>По кассирам (оплачено)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="45"/>
        <source>By hour</source>
        <translation>По часам</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="57"/>
        <source>By hour (paid)</source>
        <translation>По часам (оплачено)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="148"/>
        <source>C&amp;ashiers…</source>
        <translation>Касси&amp;ры…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="63"/>
        <location filename="../../app/paydesk/ui/shifts/owner_setup.py" line="58"/>
        <location filename="../../app/paydesk/ui/shifts/sign_in.py" line="71"/>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="54"/>
        <source>Cashier</source>
        <translation>Кассир</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="126"/>
        <source>cashier</source>
        <translation>кассир</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="109"/>
        <location filename="../../app/paydesk/ui/orders/table_columns.py" line="75"/>
        <source>Cashier · shift</source>
        <translation>Кассир · смена</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="46"/>
        <location filename="../../app/paydesk/ui/shifts/sign_in.py" line="57"/>
        <source>Cashier&apos;s name</source>
        <translation>Имя кассира</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="92"/>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="93"/>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="341"/>
        <source>Cashiers</source>
        <translation>Кассиры</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="68"/>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="69"/>
        <source>Cashiers and shifts</source>
        <translation>Кассиры и смены</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="100"/>
        <source>Cashiers of this shop</source>
        <translation>Кассиры магазина</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="107"/>
        <source>Change &amp;PIN…</source>
        <translation>Сменить &amp;PIN…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="107"/>
        <source>Change the PIN</source>
        <translation>Сменить PIN</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="123"/>
        <source>Check &amp;all pending now</source>
        <translation>Проверить &amp;все ожидающие</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="141"/>
        <source>Check other pending orders after:</source>
        <translation>Проверять другие ожидающие через:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="105"/>
        <source>Check status</source>
        <translation>Проверить</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/connection_check.py" line="90"/>
        <source>check the address and the network.</source>
        <translation>проверьте адрес и сеть.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="65"/>
        <source>Check the amount.</source>
        <translation>Проверьте сумму.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="66"/>
        <source>Check the e-mail address.</source>
        <translation>Проверьте адрес e-mail.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="67"/>
        <source>Check the order id.</source>
        <translation>Проверьте номер заказа.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="140"/>
        <source>Check the order on screen every:</source>
        <translation>Проверять заказ на экране каждые:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="137"/>
        <source>Check this order with the payment service</source>
        <translation>Уточните этот заказ в платёжном сервисе</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="88"/>
        <source>Check what you typed.</source>
        <translation>Проверьте введённые данные.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="440"/>
        <source>Checked {0} of {1}</source>
        <translation>Проверено {0} из {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_password.py" line="85"/>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="207"/>
        <source>checking the keychain…</source>
        <translation>проверяем хранилище ключей…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="43"/>
        <location filename="../../app/paydesk/ui/payment/customer_display.py" line="243"/>
        <source>Checking the payment…</source>
        <translation>Проверяем оплату…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="97"/>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="99"/>
        <location filename="../../app/paydesk/ui/payment/customer_display.py" line="247"/>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="288"/>
        <source>Checking…</source>
        <translation>Проверка…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="133"/>
        <source>Choose a cashier first.</source>
        <translation>Сначала выберите кассира.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="224"/>
        <source>Choose an order first.</source>
        <translation>Сначала выберите заказ.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/form.py" line="124"/>
        <source>Clear amount</source>
        <translation>Очистить сумму</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/form.py" line="125"/>
        <source>Clear e-mail</source>
        <translation>Очистить e-mail</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/form.py" line="126"/>
        <source>Clear note</source>
        <translation>Очистить примечание</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="102"/>
        <source>Clear search</source>
        <translation>Очистить поиск</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="214"/>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="115"/>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="116"/>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="62"/>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="409"/>
        <source>Close shift {0}</source>
        <translation>Закрыть смену {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="44"/>
        <source>Closed by {0} at {1}</source>
        <translation>Закрыл(а) {0} в {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="32"/>
        <source>Closed {0} by {1}</source>
        <translation>Закрыта {0}, {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="433"/>
        <source>Closing shift {0}…</source>
        <translation>Смена {0} закрывается…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="111"/>
        <source>Closing the shift</source>
        <translation>Закрытие смены</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="58"/>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="61"/>
        <source>Code page</source>
        <translation>Кодовая страница</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="103"/>
        <source>Confirmed</source>
        <translation>Подтверждён</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/connection_check.py" line="81"/>
        <source>Connected: the service accepted these credentials.</source>
        <translation>Подключено: сервис принял эти учётные данные.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="46"/>
        <source>Connecting to the till…</source>
        <translation>Подключение к кассе…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="148"/>
        <source>Connection test result</source>
        <translation>Результат проверки подключения</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/link_buttons.py" line="102"/>
        <source>Copied ✓</source>
        <translation>Скопировано ✓</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/link_buttons.py" line="52"/>
        <location filename="../../app/paydesk/ui/payment/link_buttons.py" line="107"/>
        <location filename="../../app/paydesk/ui/widgets/link_label.py" line="74"/>
        <source>Copy link</source>
        <translation>Копировать</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/slip.py" line="290"/>
        <source>Could not draw the payment slip.</source>
        <translation>Не удалось подготовить квитанцию.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="360"/>
        <source>Could not draw the report.</source>
        <translation>Не удалось подготовить отчёт.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="216"/>
        <source>Could not open {0}</source>
        <translation>Не удалось открыть {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="398"/>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="401"/>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="176"/>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="180"/>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="124"/>
        <source>Could not save</source>
        <translation>Не удалось сохранить</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/link_buttons.py" line="161"/>
        <source>Could not save the QR code</source>
        <translation>Не удалось сохранить QR-код</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/slip.py" line="333"/>
        <source>Could not start printing on {printer}.</source>
        <translation>Не удалось начать печать на {printer}.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/slip.py" line="319"/>
        <source>Could not start the PDF for the payment slip.</source>
        <translation>Не удалось создать PDF квитанции.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="340"/>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="349"/>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="88"/>
        <source>Could not start the printer or the PDF file.</source>
        <translation>Не удалось запустить печать или создать PDF.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="44"/>
        <location filename="../../app/paydesk/ui/report/document.py" line="166"/>
        <source>Count</source>
        <translation>Кол-во</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="43"/>
        <source>Counter</source>
        <translation>Касса</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="120"/>
        <source>Create a new payment to try again</source>
        <translation>Создайте новый платёж, чтобы попробовать снова</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/form.py" line="70"/>
        <location filename="../../app/paydesk/ui/payment/form.py" line="151"/>
        <source>Create payment</source>
        <translation>Создать платёж</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/form.py" line="68"/>
        <location filename="../../app/paydesk/ui/payment/form.py" line="150"/>
        <source>Create payment  ⏎</source>
        <translation>Создать платёж  ⏎</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/owner_setup.py" line="30"/>
        <location filename="../../app/paydesk/ui/shifts/owner_setup.py" line="31"/>
        <location filename="../../app/paydesk/ui/shifts/owner_setup.py" line="57"/>
        <source>Create the owner</source>
        <translation>Создать владельца</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="40"/>
        <location filename="../../app/paydesk/ui/orders/details.py" line="102"/>
        <location filename="../../app/paydesk/ui/orders/table_columns.py" line="66"/>
        <source>Created</source>
        <translation>Создан</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="81"/>
        <source>Created &amp;from</source>
        <translation>&amp;Дата с</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/slip.py" line="232"/>
        <source>Created {time}</source>
        <translation>Создан {time}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/sale_announcer.py" line="41"/>
        <source>Creating the order for {0}</source>
        <translation>Создаём заказ на {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="81"/>
        <location filename="../../app/paydesk/ui/payment/form.py" line="150"/>
        <location filename="../../app/paydesk/ui/payment/form.py" line="151"/>
        <source>Creating…</source>
        <translation>Создаётся…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="46"/>
        <source>Creation</source>
        <translation>Создание заказа</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="134"/>
        <source>Creation attempts</source>
        <translation>Попытки создания</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="388"/>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="169"/>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="115"/>
        <source>CSV files (*.csv)</source>
        <translation>Файлы CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/place.py" line="13"/>
        <source>Current sale</source>
        <translation>Текущая продажа</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="63"/>
        <source>Customer &amp;display:</source>
        <translation>&amp;Экран покупателя:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/one_screen.py" line="26"/>
        <source>Customer display</source>
        <translation>Экран покупателя</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/customer_display.py" line="76"/>
        <source>Customer display — PayDesk</source>
        <translation>Экран покупателя — PayDesk</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/about_box.py" line="55"/>
        <source>Data folder: {0}</source>
        <translation>Папка данных: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="213"/>
        <location filename="../../app/paydesk/ui/report/document.py" line="212"/>
        <source>Day</source>
        <translation>День</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="112"/>
        <source>Day &amp;report…</source>
        <translation>&amp;Отчёт за день…</translation>
    </message>
    <message>
        <source>Demo mode uses the built-in sandbox.</source>
        <translation type="vanished">В демо-режиме используется встроенная песочница.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/main_window.py" line="340"/>
        <source>DEMO MODE — payments go to the built-in sandbox; no real money moves.</source>
        <translation>ДЕМО-РЕЖИМ — платежи идут во встроенную песочницу, настоящие деньги не списываются.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/printing/print_notice.py" line="31"/>
        <location filename="../../app/paydesk/ui/shell/problem_banner.py" line="79"/>
        <source>Dismiss</source>
        <translation>Скрыть</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="43"/>
        <location filename="../../app/paydesk/ui/orders/details.py" line="99"/>
        <location filename="../../app/paydesk/ui/orders/table_columns.py" line="69"/>
        <location filename="../../app/paydesk/ui/payment/form.py" line="84"/>
        <source>E-mail</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <source>e.g. 150 or 1 500,50</source>
        <translation type="vanished">например, 150 или 1 500,50</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/form.py" line="45"/>
        <source>e.g. {0}</source>
        <translation>например, {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/form.py" line="45"/>
        <source>e.g. {0} or {1}</source>
        <translation>например, {0} или {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_section.py" line="144"/>
        <source>Empty: the orders stay on this computer.</source>
        <translation>Пусто — заказы хранятся на этом компьютере.</translation>
    </message>
    <message>
        <source>Empty: the orders stay on this computer. A shop&apos;s shared book: postgresql://till@backoffice/shop (its password goes in the keychain or ~/.pgpass, not here).</source>
        <translation type="vanished">Пусто — заказы хранятся на этом компьютере. Общая книга магазина: postgresql://till@backoffice/shop (пароль — в хранилище ключей или в ~/.pgpass, не здесь).</translation>
    </message>
    <message>
        <source>Empty: the orders stay on this computer. A shop&apos;s shared book: postgresql://till@backoffice/shop (its password goes in the Password field below, or in ~/.pgpass).</source>
        <translation type="vanished">Пусто — заказы хранятся на этом компьютере. Общая книга магазина: postgresql://till@backoffice/shop (пароль — в поле «Пароль» ниже или в ~/.pgpass).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_section.py" line="145"/>
        <source>Empty: the orders stay on this computer. A shop&apos;s shared book: postgresql://till@backoffice/shop.</source>
        <translation>Пусто — заказы хранятся на этом компьютере. Общая книга магазина: postgresql://till@backoffice/shop.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/form.py" line="139"/>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="29"/>
        <source>Enter an amount.</source>
        <translation>Введите сумму.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/welcome_dialog.py" line="74"/>
        <source>Enter the address, client ID and secret key from your payment service.</source>
        <translation>Введите адрес, ID клиента и секретный ключ от вашего платёжного сервиса.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/connection_check.py" line="77"/>
        <source>Enter the client ID first.</source>
        <translation>Сначала введите ID клиента.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="325"/>
        <source>Enter the client ID your payment service gave you.</source>
        <translation>Введите ID клиента, выданный платёжным сервисом.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="327"/>
        <source>Enter the client ID: the key is stored under it.</source>
        <translation>Введите ID клиента: ключ хранится под ним.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/connection_check.py" line="75"/>
        <source>Enter the payment service address first.</source>
        <translation>Сначала введите адрес платёжного сервиса.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/connection_check.py" line="79"/>
        <source>Enter the secret key first.</source>
        <translation>Сначала введите секретный ключ.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/pin_fields.py" line="39"/>
        <location filename="../../app/paydesk/ui/widgets/field_errors.py" line="83"/>
        <source>Error</source>
        <translation>Ошибка</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="84"/>
        <source>Esc starts the next payment; this one is finished in the background.</source>
        <translation>Esc — следующий платёж; этот завершится в фоне.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="40"/>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="123"/>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="125"/>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="28"/>
        <source>Expired</source>
        <translation>Истёк срок</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/sale_announcer.py" line="50"/>
        <source>Expired: {0}</source>
        <translation>Истёк срок: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/panel.py" line="226"/>
        <source>Expires in {time}</source>
        <translation>Истекает через {time}</translation>
    </message>
    <message>
        <source>Expiring…</source>
        <translation type="vanished">Срок истекает…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="213"/>
        <source>Export &amp;CSV…</source>
        <translation>Экспорт &amp;CSV…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="168"/>
        <source>Export orders</source>
        <translation>Экспорт заказов</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="387"/>
        <source>Export the report&apos;s orders</source>
        <translation>Экспорт заказов из отчёта</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="392"/>
        <source>Exported the orders to {0}</source>
        <translation>Заказы выгружены в {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="187"/>
        <source>Exported {0} orders to {1}</source>
        <translation>Выгружено заказов: {0}, файл {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="47"/>
        <source>Failed</source>
        <translation>Не удалось</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="82"/>
        <source>Filter by creation date</source>
        <translation>Отбор по дате создания</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="110"/>
        <source>First day</source>
        <translation>Первый день</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="46"/>
        <source>First sale {0}</source>
        <translation>Первая продажа {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="93"/>
        <source>Fixed in the demo: it pays into the built-in sandbox, which has an address, client ID and key of its own.</source>
        <translation>В демо-режиме не меняется: оплата идёт во встроенную песочницу, у которой свой адрес, ID клиента и ключ.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_section.py" line="62"/>
        <source>Fixed in the demo: its orders stay in the demo&apos;s own book on this computer.</source>
        <translation>В демо-режиме не меняется: заказы хранятся в собственной книге демо на этом компьютере.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="51"/>
        <source>Found at the payment service</source>
        <translation>Найден у платёжного сервиса</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="37"/>
        <source>Fri</source>
        <translation>пт</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="43"/>
        <source>From</source>
        <translation>Начало</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="85"/>
        <source>From date</source>
        <translation>Дата начала</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="48"/>
        <source>Full screen</source>
        <translation>Во весь экран</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="266"/>
        <source>Generated {0}</source>
        <translation>Сформирован {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/document.py" line="267"/>
        <source>Generated {0} by PayDesk</source>
        <translation>Сформировано в PayDesk {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="92"/>
        <source>Give one server, not several.</source>
        <translation>Укажите один сервер, а не несколько.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="78"/>
        <source>Give the device&apos;s whole path, as in serial:///dev/ttyUSB0.</source>
        <translation>Укажите полный путь к устройству, например serial:///dev/ttyUSB0.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="48"/>
        <source>Given up</source>
        <translation>Отменено</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="264"/>
        <source>Hide</source>
        <translation>Скрыть</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="214"/>
        <location filename="../../app/paydesk/ui/report/document.py" line="212"/>
        <source>Hour</source>
        <translation>Час</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="209"/>
        <source>it asks for this till&apos;s password: type it in Settings → Order book</source>
        <translation>она просит пароль этой кассы: введите его в «Настройки» → «Книга заказов»</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="206"/>
        <source>it cannot be reached</source>
        <translation>она недоступна</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/connection_check.py" line="86"/>
        <source>it did not answer in time.</source>
        <translation>он не ответил вовремя.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="213"/>
        <source>it is newer than this PayDesk; upgrade PayDesk</source>
        <translation>она новее этой версии PayDesk; обновите PayDesk</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="215"/>
        <source>it is not set up yet (paydesk book init)</source>
        <translation>она ещё не создана (paydesk book init)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="217"/>
        <source>it refused a request; ask whoever runs its server</source>
        <translation>она отклонила запрос; обратитесь к администратору её сервера</translation>
    </message>
    <message>
        <source>it refused this till&apos;s login; check the password (paydesk config set book_password)</source>
        <translation type="vanished">она не приняла вход этой кассы; проверьте пароль (paydesk config set book_password)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="207"/>
        <source>it refused this till&apos;s login; check the password (Settings → Order book)</source>
        <translation>она не приняла вход этой кассы; проверьте пароль («Настройки» → «Книга заказов»)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/connection_check.py" line="88"/>
        <source>it reported a fault of its own; try again in a few minutes.</source>
        <translation>он сообщил о своём сбое; повторите через несколько минут.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="211"/>
        <source>its certificate could not be checked (docs/shop-setup.md)</source>
        <translation>не удалось проверить её сертификат (docs/shop-setup.md)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="73"/>
        <source>its name, e.g. Counter tablet</source>
        <translation>его имя, например Планшет у кассы</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="171"/>
        <source>Keep the secret key and the order book&apos;s password in a file on this computer</source>
        <translation>Хранить секретный ключ и пароль книги заказов в файле на этом компьютере</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="179"/>
        <source>Keep the secret key in a file on this computer</source>
        <translation>Хранить секретный ключ в файле на этом компьютере</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="170"/>
        <source>Keep them in a file on this computer</source>
        <translation>Хранить их в файле на этом компьютере</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="110"/>
        <source>Kopecks</source>
        <translation>Копейки</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="39"/>
        <source>Kopecks have at most two digits after the decimal separator.</source>
        <translation>Копеек — не больше двух цифр после запятой.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="50"/>
        <location filename="../../app/paydesk/ui/orders/details.py" line="105"/>
        <location filename="../../app/paydesk/ui/orders/table_columns.py" line="73"/>
        <source>Last checked</source>
        <translation>Проверен</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="49"/>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="62"/>
        <source>last checked {0}</source>
        <translation>последняя проверка {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="111"/>
        <source>Last day</source>
        <translation>Последний день</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="106"/>
        <source>Last error</source>
        <translation>Последняя ошибка</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="47"/>
        <source>Last sale {0}</source>
        <translation>Последняя продажа {0}</translation>
    </message>
    <message>
        <source>Leave the password out of the address: it is kept in the keychain (paydesk config set book_password) or in ~/.pgpass.</source>
        <translation type="vanished">Не пишите пароль в адресе: он хранится в хранилище ключей (paydesk config set book_password) или в ~/.pgpass.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="98"/>
        <source>Leave the password out of the address: type it in the Password field below (or put it in ~/.pgpass).</source>
        <translation>Не пишите пароль в адресе: введите его в поле «Пароль» ниже (или укажите в ~/.pgpass).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="43"/>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="54"/>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="110"/>
        <source>Line</source>
        <translation>Строка</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="46"/>
        <source>Link received</source>
        <translation>Ссылка получена</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="85"/>
        <source>Loc&amp;k after idle:</source>
        <translation>Бло&amp;кировка при простое:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="84"/>
        <source>Lock the counter after idle minutes</source>
        <translation>Блокировать кассу после минут простоя</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/about_box.py" line="56"/>
        <source>Log folder: {0}</source>
        <translation>Папка журнала: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="35"/>
        <source>Mon</source>
        <translation>пн</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_password.py" line="44"/>
        <source>moved here from the address</source>
        <translation>перенесён сюда из адреса</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="77"/>
        <source>Name of the device to add</source>
        <translation>Имя добавляемого устройства</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="103"/>
        <source>Name of the paired device</source>
        <translation>Имя подключённого устройства</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="82"/>
        <source>never</source>
        <translation>никогда</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="50"/>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="63"/>
        <source>never checked</source>
        <translation>не проверялся</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="37"/>
        <source>New PIN for {0}</source>
        <translation>Новый PIN для {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/welcome_dialog.py" line="69"/>
        <source>No account needed: a built-in practice service where you play both cashier and buyer.</source>
        <translation>Учётная запись не нужна: встроенный учебный сервис, где вы и кассир, и покупатель.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/link_buttons.py" line="124"/>
        <source>No browser opened the link: this computer has none set up. Copy the link and open it by hand.</source>
        <translation>Браузер не открыл ссылку: на этом компьютере он не настроен. Скопируйте ссылку и откройте её вручную.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_password.py" line="94"/>
        <source>no keychain on this computer — see above</source>
        <translation>на этом компьютере нет хранилища ключей — см. выше</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="245"/>
        <source>no keychain on this computer — see below</source>
        <translation>на этом компьютере нет хранилища ключей — см. ниже</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="108"/>
        <source>No longer checked by itself: press F5 to check it</source>
        <translation>Больше не проверяется сам: нажмите F5</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/totals_line.py" line="60"/>
        <source>No orders match the filters</source>
        <translation>Нет заказов по этим условиям</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/totals_line.py" line="60"/>
        <source>No orders yet</source>
        <translation>Заказов пока нет</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="143"/>
        <source>No pairing code could be made: {0}</source>
        <translation>Не удалось создать код подключения: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/widgets/link_label.py" line="37"/>
        <location filename="../../app/paydesk/ui/widgets/link_label.py" line="42"/>
        <location filename="../../app/paydesk/ui/widgets/qr_widget.py" line="143"/>
        <source>No payment link yet</source>
        <translation>Ссылки на оплату пока нет</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/idle_card.py" line="23"/>
        <source>No payment on screen</source>
        <translation>Нет платежа на экране</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/chart.py" line="211"/>
        <location filename="../../app/paydesk/ui/report/chart.py" line="351"/>
        <source>No payments in this period</source>
        <translation>За этот период платежей нет</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="260"/>
        <source>No payments in this period.</source>
        <translation>За этот период оплат нет.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/widgets/qr_widget.py" line="160"/>
        <source>No QR code yet</source>
        <translation>QR-кода пока нет</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="239"/>
        <source>No receipt printer is set. Set one in Settings → Printer (or: paydesk config set printer tcp://192.0.2.10:9100).</source>
        <translation>Чековый принтер не задан. Задайте его в «Настройки → Принтер» (или: paydesk config set printer tcp://192.0.2.10:9100).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="303"/>
        <source>No shift is open on this till. Open a shift to take payments (paydesk shift open).</source>
        <translation>На этой кассе нет открытой смены. Откройте смену, чтобы принимать оплату (paydesk shift open).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="203"/>
        <source>No shift open</source>
        <translation>Смена не открыта</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/about_box.py" line="46"/>
        <source>none (no sound player found)</source>
        <translation>нет (проигрыватель звука не найден)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="44"/>
        <source>none; e.g. tcp://192.0.2.10:9100</source>
        <translation>нет; например tcp://192.0.2.10:9100</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="29"/>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="102"/>
        <source>Not a fiscal document</source>
        <translation>Не является фискальным документом</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="59"/>
        <source>Not a fiscal receipt</source>
        <translation>Не является фискальным чеком</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="29"/>
        <source>Not answered yet</source>
        <translation>Ещё без ответа</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="136"/>
        <source>Not payable</source>
        <translation>Оплата невозможна</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="42"/>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="76"/>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="29"/>
        <source>Not sent</source>
        <translation>Не передано</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="130"/>
        <source>Not sent — abandoned</source>
        <translation>Не передано — отменено</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="87"/>
        <source>Not sent — retry</source>
        <translation>Не передано — повторите</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/sale_announcer.py" line="51"/>
        <source>Not sent: {0}</source>
        <translation>Не передано: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="309"/>
        <source>Not sent: {0} · Abandoned: {1}</source>
        <translation>Не передано: {0} · Отменено: {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="258"/>
        <source>not set</source>
        <translation>не задан</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/main_window.py" line="129"/>
        <location filename="../../app/paydesk/ui/settings/apply.py" line="205"/>
        <source>not set up</source>
        <translation>не настроен</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_password.py" line="42"/>
        <location filename="../../app/paydesk/ui/settings/book_password.py" line="73"/>
        <location filename="../../app/paydesk/ui/settings/book_password.py" line="105"/>
        <source>not set — or in ~/.pgpass</source>
        <translation>не задан — или в ~/.pgpass</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/place.py" line="14"/>
        <source>Not shown to the buyer</source>
        <translation>Не показан покупателю</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/place.py" line="15"/>
        <source>Not the current sale</source>
        <translation>Не текущая продажа</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/about_box.py" line="32"/>
        <source>not used: the demo signs with the sandbox&apos;s fixed key</source>
        <translation>не используется: демо-режим подписывает запросы постоянным ключом песочницы</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="44"/>
        <location filename="../../app/paydesk/ui/orders/details.py" line="100"/>
        <location filename="../../app/paydesk/ui/orders/table_columns.py" line="70"/>
        <location filename="../../app/paydesk/ui/payment/form.py" line="65"/>
        <location filename="../../app/paydesk/ui/payment/form.py" line="85"/>
        <location filename="../../app/paydesk/ui/payment/panel.py" line="135"/>
        <source>Note</source>
        <translation>Примечание</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="50"/>
        <source>Off</source>
        <translation>Выключена</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="62"/>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/place.py" line="12"/>
        <source>On the buyer&apos;s screen</source>
        <translation>На экране покупателя</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="70"/>
        <source>On: a cashier signs in with a PIN and opens a shift before the first sale; every order records its cashier and shift, and only an owner changes the settings.</source>
        <translation>Включено: кассир входит по PIN-коду и открывает смену до первой продажи; у каждого заказа записаны кассир и смена, а настройки меняет только владелец.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/main_window.py" line="242"/>
        <source>Only an order that can still be paid can be shown to the buyer.</source>
        <translation>Покупателю можно показать только заказ, который ещё можно оплатить.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="318"/>
        <source>Only an owner may do this.</source>
        <translation>Это может сделать только владелец.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="323"/>
        <source>Only an owner may do this: the owner&apos;s PIN, please.</source>
        <translation>Это может только владелец: введите PIN владельца.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="138"/>
        <source>Open &amp;log folder</source>
        <translation>Открыть папку &amp;журнала</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="262"/>
        <source>Open a shift</source>
        <translation>Открыть смену</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/link_buttons.py" line="53"/>
        <source>Open in browser</source>
        <translation>Открыть</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/about_box.py" line="82"/>
        <location filename="../../app/paydesk/ui/shell/crash_notice.py" line="53"/>
        <source>Open log folder</source>
        <translation>Открыть папку журнала</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="42"/>
        <source>Opened by {0} at {1}</source>
        <translation>Открыл(а) {0} в {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="31"/>
        <source>Opened {0} by {1}</source>
        <translation>Открыта {0}, {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/form.py" line="63"/>
        <source>optional</source>
        <translation>необязательно</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/form.py" line="65"/>
        <source>optional, stays on this computer</source>
        <translation>необязательно, остаётся на этом компьютере</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="61"/>
        <location filename="../../app/paydesk/ui/orders/details.py" line="96"/>
        <location filename="../../app/paydesk/ui/orders/table_columns.py" line="67"/>
        <source>Order</source>
        <translation>Заказ</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_section.py" line="50"/>
        <source>Order book</source>
        <translation>Книга заказов</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/sale_announcer.py" line="43"/>
        <source>Order for {0}: the code is on the screen, waiting for payment</source>
        <translation>Заказ на {0}: код на экране, ждём оплату</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="41"/>
        <location filename="../../app/paydesk/ui/payment/panel.py" line="131"/>
        <source>Order id</source>
        <translation>Номер заказа</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="83"/>
        <source>Order {0}</source>
        <translation>Заказ {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/paid_notices.py" line="67"/>
        <source>Order {0}. Click to close.</source>
        <translation>Заказ {0}. Нажмите, чтобы закрыть.</translation>
    </message>
    <message>
        <source>Order {order_id}</source>
        <translation type="vanished">Заказ {order_id}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="57"/>
        <location filename="../../app/paydesk/ui/payment/panel.py" line="221"/>
        <location filename="../../app/paydesk/ui/payment/slip.py" line="229"/>
        <source>Order {short_id}</source>
        <translation>Заказ {short_id}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/panel.py" line="214"/>
        <source>Order {short_id} · from the till program, ref {reference}</source>
        <translation>Заказ {short_id} · от кассовой программы, номер {reference}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/paid_notices.py" line="63"/>
        <source>Order {short_id}, {amount}, was paid</source>
        <translation>Заказ {short_id} на {amount} оплачен</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="246"/>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="55"/>
        <location filename="../../app/paydesk/ui/orders/panel.py" line="142"/>
        <location filename="../../app/paydesk/ui/report/document.py" line="165"/>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="110"/>
        <source>Orders</source>
        <translation>Заказы</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="154"/>
        <source>Orders expire after:</source>
        <translation>Срок действия заказа:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="60"/>
        <source>Orders still not answered</source>
        <translation>Заказы ещё без ответа</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="48"/>
        <source>Orders still unanswered</source>
        <translation>Заказы без окончательного ответа</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="59"/>
        <source>Outcome</source>
        <translation>Итог</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="55"/>
        <source>Owner</source>
        <translation>Владелец</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="126"/>
        <source>owner</source>
        <translation>владелец</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/owner_setup.py" line="44"/>
        <source>Owner&apos;s name</source>
        <translation>Имя владельца</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="59"/>
        <source>P&amp;ort:</source>
        <translation>П&amp;орт:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="212"/>
        <source>P&amp;rint…</source>
        <translation>Пе&amp;чать…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="47"/>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="38"/>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="111"/>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="114"/>
        <location filename="../../app/paydesk/ui/orders/details.py" line="104"/>
        <location filename="../../app/paydesk/ui/orders/table_columns.py" line="72"/>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="176"/>
        <location filename="../../app/paydesk/ui/report/document.py" line="152"/>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="28"/>
        <source>Paid</source>
        <translation>Оплачено</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="49"/>
        <source>Paid after</source>
        <translation>Оплачено после</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="66"/>
        <source>Paid after the close of an earlier shift</source>
        <translation>Оплачено после закрытия прежней смены</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="51"/>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="51"/>
        <source>Paid after the close of shift {0}</source>
        <translation>Оплачено после закрытия смены {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="47"/>
        <source>Paid at an approximate time</source>
        <translation>Оплачено в приблизительное время</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/panel.py" line="301"/>
        <source>Paid at {time}</source>
        <translation>Оплачено в {time}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="58"/>
        <location filename="../../app/paydesk/ui/orders/table_columns.py" line="98"/>
        <source>Paid between {0} and {1}</source>
        <translation>Оплачено между {0} и {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="262"/>
        <source>Paid by day</source>
        <translation>Оплачено по дням</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="263"/>
        <source>Paid by hour</source>
        <translation>Оплачено по часам</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/table_columns.py" line="97"/>
        <source>Paid by {0}; when exactly is not known</source>
        <translation>Оплачено не позже {0}; точное время неизвестно</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/panel.py" line="300"/>
        <source>Paid by {time}; the exact time is not known</source>
        <translation>Оплачено не позже {time}; точное время неизвестно</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="69"/>
        <source>Paid late in all</source>
        <translation>Всего оплачено с опозданием</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="57"/>
        <source>Paid orders</source>
        <translation>Оплачено заказов</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/document.py" line="265"/>
        <source>Paid orders count on the day they were paid; the others on the day they were created.</source>
        <translation>Оплаченные заказы учтены в день оплаты, остальные — в день создания.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="314"/>
        <source>Paid orders count on the day they were paid; the others on the day they were created. Updated {0}.</source>
        <translation>Оплаченные заказы учтены в день оплаты, остальные — в день создания. Обновлено {0}.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="48"/>
        <source>Paid time approximate</source>
        <translation>Время оплаты приблизительное</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/totals_line.py" line="39"/>
        <source>Paid today</source>
        <translation>Оплачено сегодня</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/totals_line.py" line="52"/>
        <source>Paid today at {till}: {amount}</source>
        <translation>Оплачено сегодня на кассе {till}: {amount}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/totals_line.py" line="50"/>
        <source>Paid today: {amount}</source>
        <translation>Оплачено сегодня: {amount}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="52"/>
        <source>paid {0}</source>
        <translation>оплачено {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="50"/>
        <source>paid {0}  {1}</source>
        <translation>оплачено {0}  {1}</translation>
    </message>
    <message>
        <source>Paid {time}</source>
        <translation type="vanished">Оплачено {time}</translation>
    </message>
    <message>
        <source>Paid — thank you</source>
        <translation type="vanished">Оплачено — спасибо</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="58"/>
        <source>Paid, ₽</source>
        <translation>Оплачено, ₽</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/alerts.py" line="77"/>
        <location filename="../../app/paydesk/ui/payment/sale_announcer.py" line="48"/>
        <source>Paid: {0}</source>
        <translation>Оплачено: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/one_screen.py" line="32"/>
        <source>Pair a tablet or phone…</source>
        <translation>Подключить планшет или телефон…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/one_screen.py" line="29"/>
        <source>Pair the buyer&apos;s tablet or phone as their screen instead (Settings → Buyer&apos;s screen), or connect a second monitor and choose it in Settings.</source>
        <translation>Подключите вместо него планшет или телефон покупателя (Настройки → Экран покупателя) или подключите второй монитор и выберите его в настройках.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="95"/>
        <source>Paired devices</source>
        <translation>Подключённые устройства</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="91"/>
        <source>Paired devices:</source>
        <translation>Подключённые устройства:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="52"/>
        <source>Paper &amp;width:</source>
        <translation>&amp;Ширина бумаги:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="64"/>
        <source>Paper: {paper} mm, code page {code_page}</source>
        <translation>Бумага: {paper} мм, кодовая страница {code_page}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/slip.py" line="242"/>
        <source>Pay before {time}</source>
        <translation>Оплатите до {time}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="56"/>
        <source>Pay within {minutes} min, before {time}</source>
        <translation>Оплатите за {minutes} мин, до {time}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/app.py" line="283"/>
        <location filename="../../app/paydesk/ui/main_window.py" line="91"/>
        <location filename="../../app/paydesk/ui/payment/alerts.py" line="104"/>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="83"/>
        <location filename="../../app/paydesk/ui/settings/apply.py" line="55"/>
        <location filename="../../app/paydesk/ui/settings/welcome_dialog.py" line="57"/>
        <location filename="../../app/paydesk/ui/shell/crash_notice.py" line="49"/>
        <source>PayDesk</source>
        <translation>PayDesk</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/crash_notice.py" line="43"/>
        <source>PayDesk hit an unexpected error; a report was saved in {0}.</source>
        <translation>В PayDesk произошла непредвиденная ошибка; отчёт сохранён в папке {0}.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="142"/>
        <source>PayDesk is not set up yet: check the settings.</source>
        <translation>PayDesk ещё не настроен: проверьте настройки.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="138"/>
        <source>PayDesk is not set up yet: enter the client ID in settings.</source>
        <translation>PayDesk ещё не настроен: укажите ID клиента в настройках.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="136"/>
        <source>PayDesk is not set up yet: enter the payment service address in settings.</source>
        <translation>PayDesk ещё не настроен: укажите адрес платёжного сервиса в настройках.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="140"/>
        <source>PayDesk is not set up yet: enter the secret key in settings.</source>
        <translation>PayDesk ещё не настроен: укажите секретный ключ в настройках.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="149"/>
        <source>PayDesk keeps checking it.</source>
        <translation>PayDesk продолжает его проверять.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/dialog.py" line="103"/>
        <source>PayDesk settings</source>
        <translation>Настройки PayDesk</translation>
    </message>
    <message>
        <source>PayDesk stopped checking this order a day after it should have expired: check it now (F5)</source>
        <translation type="vanished">PayDesk перестал проверять этот заказ через сутки после ожидаемого срока: проверьте его сейчас (F5)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/about_box.py" line="75"/>
        <source>PayDesk {0}
QR payments at a shop counter.</source>
        <translation>PayDesk {0}
Оплата по QR-коду на кассе магазина.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/main_window.py" line="91"/>
        <location filename="../../app/paydesk/ui/settings/apply.py" line="55"/>
        <source>PayDesk — demo</source>
        <translation>PayDesk — демо</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/panel.py" line="78"/>
        <source>Payment</source>
        <translation>Платёж</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="51"/>
        <location filename="../../app/paydesk/ui/orders/details.py" line="101"/>
        <location filename="../../app/paydesk/ui/widgets/link_label.py" line="25"/>
        <source>Payment link</source>
        <translation>Ссылка на оплату</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/link_buttons.py" line="58"/>
        <source>Payment link problem</source>
        <translation>Проблема со ссылкой на оплату</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="49"/>
        <source>Payment QR code</source>
        <translation>QR-код для оплаты</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="60"/>
        <source>Payment received</source>
        <translation>Оплата получена</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="121"/>
        <source>Payment refused</source>
        <translation>Отказано в оплате</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="238"/>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="256"/>
        <source>Payment slip</source>
        <translation>Квитанция</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/slip.py" line="316"/>
        <location filename="../../app/paydesk/ui/payment/slip.py" line="359"/>
        <source>Payment slip {order_id}</source>
        <translation>Квитанция {order_id}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/document.py" line="194"/>
        <location filename="../../app/paydesk/ui/report/document.py" line="251"/>
        <source>Payments</source>
        <translation>Платежи</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="250"/>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="373"/>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="108"/>
        <source>PDF files (*.pdf)</source>
        <translation>Файлы PDF (*.pdf)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="49"/>
        <location filename="../../app/paydesk/ui/shifts/owner_setup.py" line="46"/>
        <location filename="../../app/paydesk/ui/shifts/sign_in.py" line="61"/>
        <source>PIN</source>
        <translation>PIN</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="53"/>
        <location filename="../../app/paydesk/ui/shifts/owner_setup.py" line="50"/>
        <source>PIN &amp;again:</source>
        <translation>PIN &amp;ещё раз:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="51"/>
        <location filename="../../app/paydesk/ui/shifts/owner_setup.py" line="48"/>
        <source>PIN again</source>
        <translation>PIN ещё раз</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="131"/>
        <source>Play &amp;sounds</source>
        <translation>&amp;Звуковые сигналы</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="48"/>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="51"/>
        <source>Play a sound when an order is paid</source>
        <translation>Звуковой сигнал при оплате заказа</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="75"/>
        <source>Please ask the cashier.</source>
        <translation>Обратитесь к кассиру.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/link_buttons.py" line="28"/>
        <source>PNG image (*.png)</source>
        <translation>Изображение PNG (*.png)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="126"/>
        <source>Polling</source>
        <translation>Проверка статусов</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="60"/>
        <source>Port</source>
        <translation>Порт</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="40"/>
        <location filename="../../app/paydesk/ui/payment/customer_display.py" line="130"/>
        <source>Preparing payment…</source>
        <translation>Готовим платёж…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="65"/>
        <source>Print a &amp;test page</source>
        <translation>Напечатать &amp;пробную страницу</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="67"/>
        <source>Print a test page</source>
        <translation>Напечатать пробную страницу</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/printing/print_notice.py" line="29"/>
        <source>Print again</source>
        <translation>Напечатать снова</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="57"/>
        <source>Print on the receipt printer</source>
        <translation>Печать на чековом принтере</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/slip.py" line="361"/>
        <source>Print payment slip</source>
        <translation>Печать квитанции</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/printing/window_printing.py" line="95"/>
        <source>Print receipt</source>
        <translation>Печать чека</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/printing/window_printing.py" line="92"/>
        <source>Print slip</source>
        <translation>Печать квитанции</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="62"/>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="63"/>
        <source>Print the receipt when a sale is paid</source>
        <translation>Печатать чек, когда продажа оплачена</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="38"/>
        <source>Printer</source>
        <translation>Принтер</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="61"/>
        <source>Printer test page</source>
        <translation>Пробная страница принтера</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/printing/print_notice.py" line="21"/>
        <source>Printing problem</source>
        <translation>Сбой печати</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="107"/>
        <source>Printing…</source>
        <translation>Печать…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/problem_banner.py" line="69"/>
        <source>Problem</source>
        <translation>Неполадка</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="82"/>
        <source>python-escpos knows no printer profile of that name; leave profile= out for a generic one.</source>
        <translation>python-escpos не знает профиля принтера с таким именем; уберите profile=, чтобы использовать общий.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/widgets/qr_widget.py" line="157"/>
        <source>QR code for {amount}, no longer payable: {reason}</source>
        <translation>QR-код на {amount}, оплатить по нему уже нельзя: {reason}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/widgets/qr_widget.py" line="145"/>
        <source>QR code of a link that can no longer be paid: {reason}</source>
        <translation>QR-код ссылки, по которой уже нельзя заплатить: {reason}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/widgets/qr_widget.py" line="149"/>
        <location filename="../../app/paydesk/ui/widgets/qr_widget.py" line="164"/>
        <source>QR code of the payment link</source>
        <translation>QR-код ссылки на оплату</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/widgets/qr_widget.py" line="156"/>
        <source>QR code that can no longer be paid: {reason}</source>
        <translation>QR-код, по которому уже нельзя оплатить: {reason}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="82"/>
        <source>QR code to pair a device</source>
        <translation>QR-код для подключения устройства</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/widgets/qr_widget.py" line="165"/>
        <source>QR code to pay {amount}</source>
        <translation>QR-код для оплаты {amount}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/about_box.py" line="52"/>
        <source>Qt {0}, PySide6 {1}, Python {2}</source>
        <translation>Qt {0}, PySide6 {1}, Python {2}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="104"/>
        <source>Re&amp;name</source>
        <translation>Пере&amp;именовать</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="46"/>
        <source>Read only: the shift goes on.</source>
        <translation>Только просмотр: смена продолжается.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="39"/>
        <location filename="../../app/paydesk/ui/payment/customer_display.py" line="123"/>
        <source>Ready</source>
        <translation>Готово к оплате</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="48"/>
        <source>Receipt &amp;printer:</source>
        <translation>Чековый &amp;принтер:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="57"/>
        <source>Receipt printer</source>
        <translation>Чековый принтер</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="47"/>
        <source>Reconnecting to the till…</source>
        <translation>Переподключение к кассе…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="39"/>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="117"/>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="28"/>
        <source>Refused</source>
        <translation>Отказано</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/sale_announcer.py" line="49"/>
        <source>Refused: {0}</source>
        <translation>Отклонено: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="108"/>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="151"/>
        <source>Remove the cashier</source>
        <translation>Удалить кассира</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="99"/>
        <source>Remove the paired device</source>
        <translation>Удалить подключённое устройство</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="152"/>
        <source>Remove {0}? Their orders keep their name.</source>
        <translation>Удалить {0}? В заказах имя кассира сохранится.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="106"/>
        <source>Rename the paired device</source>
        <translation>Переименовать подключённое устройство</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="242"/>
        <source>Report for {0} (local time)</source>
        <translation>Отчёт за {0} (местное время)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="144"/>
        <source>Requests in flight at most:</source>
        <translation>Одновременных запросов, не более:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="135"/>
        <source>Result</source>
        <translation>Итог</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/problem_banner.py" line="77"/>
        <source>Retry</source>
        <translation>Повторить</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/problem_banner.py" line="55"/>
        <source>Retry now</source>
        <translation>Повторить сейчас</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="54"/>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="35"/>
        <source>RUB</source>
        <translation>руб.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="129"/>
        <source>S&amp;hift</source>
        <translation>С&amp;мена</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="34"/>
        <source>Sales</source>
        <translation>Продажи</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="49"/>
        <source>Sales from {0} to {1}</source>
        <translation>Продажи с {0} по {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="37"/>
        <source>Sat</source>
        <translation>сб</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="60"/>
        <source>Save as &amp;CSV…</source>
        <translation>Сохранить как &amp;CSV…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="211"/>
        <source>Save as &amp;PDF…</source>
        <translation>Сохранить в &amp;PDF…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="60"/>
        <source>Save as CSV</source>
        <translation>Сохранить как CSV</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="58"/>
        <source>Save as P&amp;DF…</source>
        <translation>Сохранить как P&amp;DF…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="58"/>
        <source>Save as PDF</source>
        <translation>Сохранить как PDF</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="249"/>
        <source>Save payment slip</source>
        <translation>Сохранить квитанцию</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="127"/>
        <source>Save payment slip as P&amp;DF…</source>
        <translation>Сохранить квитанцию в P&amp;DF…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/link_buttons.py" line="151"/>
        <source>Save QR code</source>
        <translation>Сохранить QR-код</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/link_buttons.py" line="54"/>
        <source>Save QR…</source>
        <translation>Сохранить QR…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="372"/>
        <source>Save the report as PDF</source>
        <translation>Сохранить отчёт в PDF</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="114"/>
        <source>Save the shift report as CSV</source>
        <translation>Сохранить отчёт смены как CSV</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="107"/>
        <source>Save the shift report as PDF</source>
        <translation>Сохранить отчёт смены как PDF</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="220"/>
        <source>Save to serve the page; then add a tablet or phone here.</source>
        <translation>Сохраните, чтобы открыть страницу; затем добавьте здесь планшет или телефон.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="375"/>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="126"/>
        <source>Saved {0}</source>
        <translation>Сохранено: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="149"/>
        <source>Scan this with the tablet or phone (its camera or a QR app), then put it on its stand facing the buyer. The code works once, until {0}.
{1}</source>
        <translation>Отсканируйте этот код планшетом или телефоном (камерой или приложением для QR) и поставьте его на подставку лицом к покупателю. Код действует один раз, до {0}.
{1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="41"/>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="55"/>
        <location filename="../../app/paydesk/ui/payment/customer_display.py" line="140"/>
        <location filename="../../app/paydesk/ui/payment/customer_display.py" line="224"/>
        <location filename="../../app/paydesk/ui/payment/slip.py" line="222"/>
        <source>Scan to pay</source>
        <translation>Отсканируйте, чтобы оплатить</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/monitors.py" line="28"/>
        <source>Screen {number}</source>
        <translation>Экран {number}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="100"/>
        <source>Search</source>
        <translation>Поиск</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="100"/>
        <source>Search id, e-mail, note</source>
        <translation>Поиск: номер, e-mail, примечание</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="100"/>
        <source>Search order id, e-mail, note</source>
        <translation>Поиск: номер заказа, e-mail, примечание</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="97"/>
        <source>Search orders</source>
        <translation>Поиск заказов</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="138"/>
        <source>Secret &amp;key:</source>
        <translation>Секретный &amp;ключ:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/about_box.py" line="57"/>
        <source>Secret key: {0}</source>
        <translation>Секретный ключ: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="54"/>
        <source>Section</source>
        <translation>Раздел</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="126"/>
        <source>Seen at</source>
        <translation>Когда замечен</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/problem_banner.py" line="52"/>
        <source>Send again</source>
        <translation>Отправить снова</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="380"/>
        <source>Sent to the printer</source>
        <translation>Отправлено на печать</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="54"/>
        <source>Serve the page</source>
        <translation>Страница</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="74"/>
        <source>Service</source>
        <translation>Сервис</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="128"/>
        <source>Service &amp;address:</source>
        <translation>&amp;Адрес сервиса:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="45"/>
        <source>Service status</source>
        <translation>Статус в сервисе</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/main_window.py" line="129"/>
        <location filename="../../app/paydesk/ui/settings/apply.py" line="205"/>
        <source>Service: {0}</source>
        <translation>Сервис: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/welcome_dialog.py" line="73"/>
        <source>Set up my account</source>
        <translation>Настроить мой аккаунт</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/apply.py" line="138"/>
        <location filename="../../app/paydesk/ui/settings/apply.py" line="161"/>
        <location filename="../../app/paydesk/ui/window_builder.py" line="181"/>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/shared_book.py" line="101"/>
        <source>Shared order book: {0}</source>
        <translation>Общая книга заказов: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="55"/>
        <source>Shift</source>
        <translation>Смена</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="52"/>
        <source>Shift report</source>
        <translation>Отчёт смены</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="48"/>
        <source>Shift sales by till</source>
        <translation>Продажи смен по кассам</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="49"/>
        <source>Shift sales by till and cashier</source>
        <translation>Продажи смен по кассам и кассирам</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="34"/>
        <source>Shift {0} closed</source>
        <translation>Смена {0} закрыта</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="306"/>
        <source>Shift {0} is already open on this till. Close it before opening another.</source>
        <translation>Смена {0} на этой кассе уже открыта. Закройте её, прежде чем открывать новую.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="446"/>
        <source>Shift {0} is closed.</source>
        <translation>Смена {0} закрыта.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="276"/>
        <source>Shift {0} is open.</source>
        <translation>Смена {0} открыта.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="27"/>
        <source>Shift {0} report</source>
        <translation>Отчёт о смене {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="205"/>
        <source>Shift {0} · nobody signed in</source>
        <translation>Смена {0} · никто не вошёл</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="207"/>
        <source>Shift {0} · {1}</source>
        <translation>Смена {0} · {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="35"/>
        <source>Shift {0}, mid-shift report</source>
        <translation>Смена {0}, отчёт без закрытия</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="28"/>
        <source>Shift {0}: report so far (the shift is open)</source>
        <translation>Смена {0}: отчёт на текущий момент (смена открыта)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="106"/>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="264"/>
        <source>Show</source>
        <translation>Показать</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/one_screen.py" line="34"/>
        <source>Show it here anyway</source>
        <translation>Всё равно показать здесь</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="146"/>
        <source>Show the secret key</source>
        <translation>Показать секретный ключ</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/menus.py" line="117"/>
        <source>Show to &amp;buyer</source>
        <translation>Показать п&amp;окупателю</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/buyer_strip.py" line="40"/>
        <source>Show to buyer</source>
        <translation>Показать покупателю</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="90"/>
        <source>Show today&apos;s orders</source>
        <translation>Показать заказы за сегодня</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/sign_in.py" line="67"/>
        <source>Sign &amp;in</source>
        <translation>&amp;Войти</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/sign_in.py" line="68"/>
        <source>Sign in</source>
        <translation>Войти</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="410"/>
        <source>Sign in to close the shift: the one who opened it, or an owner. Its open orders are asked about once more; the counter stays usable meanwhile.</source>
        <translation>Войдите, чтобы закрыть смену: тот, кто её открыл, или владелец. Открытые заказы смены будут проверены ещё раз; касса тем временем работает.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="312"/>
        <source>Sign in to go on. Orders are still watched meanwhile.</source>
        <translation>Войдите, чтобы продолжить. Заказы тем временем отслеживаются.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="263"/>
        <source>Sign in to open a shift on this till.</source>
        <translation>Войдите, чтобы открыть смену на этой кассе.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="140"/>
        <source>Something unexpected went wrong: {0}</source>
        <translation>Непредвиденная ошибка: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="94"/>
        <source>sslmode must be one of PostgreSQL&apos;s modes.</source>
        <translation>sslmode должен быть одним из режимов PostgreSQL.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="53"/>
        <location filename="../../app/paydesk/ui/orders/details.py" line="98"/>
        <location filename="../../app/paydesk/ui/orders/details.py" line="126"/>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="73"/>
        <location filename="../../app/paydesk/ui/orders/table_columns.py" line="71"/>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="133"/>
        <source>Status checks are failing: {0} PayDesk keeps trying.</source>
        <translation>Статусы не проверяются: {0} PayDesk продолжает попытки.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="125"/>
        <source>Status history</source>
        <translation>История статусов</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="107"/>
        <source>Status unknown</source>
        <translation>Статус неизвестен</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="106"/>
        <source>Status unknown — check</source>
        <translation>Статус неизвестен — проверьте</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="41"/>
        <source>Still unanswered</source>
        <translation>Без окончательного ответа</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="38"/>
        <source>Sun</source>
        <translation>вс</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/link_buttons.py" line="29"/>
        <source>SVG image (*.svg)</source>
        <translation>Изображение SVG (*.svg)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="286"/>
        <source>Switch cashier</source>
        <translation>Сменить кассира</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="54"/>
        <source>System</source>
        <translation>Как в системе</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="135"/>
        <source>T&amp;ill:</source>
        <translation>&amp;Касса:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/web_screen.py" line="142"/>
        <source>Tablets and phones showing the buyer&apos;s screen now</source>
        <translation>Планшеты и телефоны, которые сейчас показывают экран покупателя</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/welcome_dialog.py" line="60"/>
        <source>Take payments at your counter: type an amount, the buyer scans a QR code with their phone, and PayDesk tells you the moment it is paid.</source>
        <translation>Принимайте оплату на кассе: введите сумму, покупатель сканирует QR-код телефоном, а PayDesk сразу сообщит, что платёж прошёл.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/rows.py" line="55"/>
        <source>takes effect after restart</source>
        <translation>применится после перезапуска</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/chart.py" line="78"/>
        <source>Takings by day</source>
        <translation>Выручка по дням</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/chart.py" line="78"/>
        <source>Takings by hour</source>
        <translation>Выручка по часам</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/chart.py" line="290"/>
        <source>Takings chart</source>
        <translation>График выручки</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/document.py" line="134"/>
        <source>Takings report</source>
        <translation>Отчёт о выручке</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="83"/>
        <source>Takings report — {0}</source>
        <translation>Отчёт о выручке — {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="45"/>
        <source>tcp://HOST:9100, usb://VENDOR:PRODUCT, serial:///dev/ttyUSB0?baudrate=9600, cups://QUEUE or file:///dev/usb/lp0; empty for none</source>
        <translation>tcp://АДРЕС:9100, usb://ПРОИЗВОДИТЕЛЬ:МОДЕЛЬ, serial:///dev/ttyUSB0?baudrate=9600, cups://ОЧЕРЕДЬ или file:///dev/usb/lp0; пусто — принтера нет</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="114"/>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="147"/>
        <source>Test connection</source>
        <translation>Проверить подключение</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="115"/>
        <source>Thank you!</source>
        <translation>Спасибо!</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="89"/>
        <source>The address must start with postgresql:// (a PostgreSQL server).</source>
        <translation>Адрес должен начинаться с postgresql:// (сервер PostgreSQL).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="77"/>
        <source>The amount cannot be more than {0}.</source>
        <translation>Сумма не может быть больше {0}.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="30"/>
        <source>The amount cannot be negative.</source>
        <translation>Сумма не может быть отрицательной.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="42"/>
        <source>The amount is more than the service allows.</source>
        <translation>Сумма больше, чем допускает сервис.</translation>
    </message>
    <message>
        <source>The amount must be a number of rubles, such as 150 or 150,50.</source>
        <translation type="vanished">Введите сумму в рублях, например 150 или 150,50.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="79"/>
        <source>The amount must be a number of rubles, such as {0} or {1}.</source>
        <translation>Введите сумму в рублях, например {0} или {1}.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="38"/>
        <source>The amount must be a whole number of kopecks.</source>
        <translation>Сумма должна быть целым числом копеек.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="31"/>
        <source>The amount must be more than zero.</source>
        <translation>Сумма должна быть больше нуля.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="65"/>
        <source>The buyer&apos;s web screen is off, on this computer only, or on the shop&apos;s network.</source>
        <translation>Веб-экран покупателя: выключен, только на этом компьютере или в сети магазина.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/connection_check.py" line="136"/>
        <source>The check stopped on an unexpected error ({name}).</source>
        <translation>Проверка прервана непредвиденной ошибкой ({name}).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="78"/>
        <source>The client ID must be a number greater than zero.</source>
        <translation>ID клиента должен быть числом больше нуля.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="76"/>
        <source>The client ID must be a whole number.</source>
        <translation>ID клиента должен быть целым числом.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="193"/>
        <source>The close of shift {0} did not finish. Close it again: Shift → Close shift.</source>
        <translation>Закрытие смены {0} не завершилось. Закройте её ещё раз: Смена → Закрыть смену.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="311"/>
        <location filename="../../app/paydesk/ui/shifts/lock.py" line="29"/>
        <source>The counter is locked</source>
        <translation>Касса заблокирована</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/lock.py" line="27"/>
        <source>The counter is locked. Sign in to go on.</source>
        <translation>Касса заблокирована. Войдите, чтобы продолжить.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="153"/>
        <source>the demo sandbox&apos;s orders too</source>
        <translation>и для заказов песочницы</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="157"/>
        <source>the disk is full</source>
        <translation>диск заполнен</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="176"/>
        <source>The disk is full, so nothing was saved. Free some space and try again; the orders already saved are safe.</source>
        <translation>Диск заполнен, поэтому ничего не сохранено. Освободите место и повторите; уже сохранённые заказы в сохранности.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="158"/>
        <source>the disk refused to read or write the order book</source>
        <translation>диск отказался читать или записывать книгу заказов</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="179"/>
        <source>The disk refused to read or write the order book (it may be full, removed or failing), so nothing was saved. Check the disk and try again.</source>
        <translation>Диск не дал прочитать или записать книгу заказов (возможно, он заполнен, отключён или неисправен), поэтому ничего не сохранено. Проверьте диск и повторите.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="54"/>
        <source>The e-mail address must be text.</source>
        <translation>Адрес e-mail должен быть текстом.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="348"/>
        <location filename="../../app/paydesk/ui/shell/about_box.py" line="34"/>
        <source>the environment variable {0}</source>
        <translation>переменная окружения {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="163"/>
        <source>the file is not a PayDesk order book</source>
        <translation>файл не является книгой заказов PayDesk</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="247"/>
        <source>the keychain cannot be read — type the key to store it</source>
        <translation>хранилище ключей недоступно — введите ключ, чтобы сохранить его</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_password.py" line="96"/>
        <source>the keychain cannot be read — type the password to store it</source>
        <translation>хранилище ключей недоступно — введите пароль, чтобы сохранить его</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="326"/>
        <source>The last owner cannot be removed: add another owner first.</source>
        <translation>Последнего владельца удалить нельзя: сначала добавьте другого владельца.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="312"/>
        <source>The name or the PIN is wrong.</source>
        <translation>Неверное имя или PIN-код.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="74"/>
        <source>The name the device is listed by. Empty: its kind and a number (&quot;Android tablet 2&quot;).</source>
        <translation>Имя устройства в списке. Пусто — его тип и номер («Android tablet 2»).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/apply.py" line="78"/>
        <source>The new client ID takes effect when PayDesk is started again.</source>
        <translation>Новый ID клиента начнёт действовать после перезапуска PayDesk.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/apply.py" line="76"/>
        <source>The new language is used when PayDesk is started again.</source>
        <translation>Новый язык появится после перезапуска PayDesk.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/apply.py" line="80"/>
        <source>The new order book is used when PayDesk is started again.</source>
        <translation>Новая книга заказов начнёт использоваться после перезапуска PayDesk.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/apply.py" line="82"/>
        <source>The new till name is used when PayDesk is started again.</source>
        <translation>Новое имя кассы начнёт действовать после перезапуска PayDesk.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="287"/>
        <source>The next cashier signs in: the next sales are theirs.</source>
        <translation>Входит следующий кассир: следующие продажи будут его.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="160"/>
        <source>the order book file cannot be opened or created</source>
        <translation>файл книги заказов нельзя открыть или создать</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="182"/>
        <source>The order book file {0} cannot be opened or created. Check that its folder exists and may be written by this user.</source>
        <translation>Файл книги заказов {0} не удаётся открыть или создать. Проверьте, что его папка существует и этот пользователь может в неё записывать.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="162"/>
        <source>the order book is damaged</source>
        <translation>книга заказов повреждена</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="154"/>
        <source>the order book is locked by another program</source>
        <translation>книга заказов занята другой программой</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="169"/>
        <source>The order book is locked by another program (another PayDesk window or command, or a backup tool). Nothing was changed; close the other program or wait, then try again.</source>
        <translation>Книга заказов занята другой программой (другим окном или командой PayDesk либо программой резервного копирования). Ничего не изменено; закройте другую программу или подождите, затем повторите.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="156"/>
        <source>the order book is read-only</source>
        <translation>книга заказов доступна только для чтения</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="173"/>
        <source>The order book is read-only, so nothing can be saved in it. Check that the file and its folder may be written by this user.</source>
        <translation>Книга заказов доступна только для чтения, поэтому в ней ничего нельзя сохранить. Проверьте, что этот пользователь может записывать в файл и его папку.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="164"/>
        <source>the order book was written by a newer version of PayDesk</source>
        <translation>книга заказов записана более новой версией PayDesk</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="197"/>
        <source>The order book {0} is damaged and cannot be read. It has been moved to {1}; nothing was deleted. It may hold orders that are not confirmed or not yet seen paid, so PayDesk will not start a new, empty order book in its place: give that file to support, who can recover what it holds. To start a new order book anyway, move {2} out of {3} and start PayDesk again.</source>
        <translation>Книга заказов {0} повреждена и не читается. Она перемещена в {1}; ничего не удалено. В ней могут быть неподтверждённые заказы и оплаты, которых PayDesk ещё не видел, поэтому PayDesk не станет заводить на её месте новую, пустую книгу: передайте этот файл в поддержку — там восстановят его содержимое. Чтобы всё же начать новую книгу заказов, уберите {2} из папки {3} и запустите PayDesk снова.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="185"/>
        <source>The order book {0} is damaged. Stop taking payments with it and contact support with the file; it has not been changed.</source>
        <translation>Книга заказов {0} повреждена. Не принимайте с ней платежи и обратитесь в поддержку, приложив файл; он не изменён.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="191"/>
        <source>The order book {0} was written by a newer version of PayDesk. Update PayDesk to open it; the file has not been changed.</source>
        <translation>Книга заказов {0} записана более новой версией PayDesk. Обновите PayDesk, чтобы открыть её; файл не изменён.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="57"/>
        <source>The order id is empty.</source>
        <translation>Номер заказа не указан.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="120"/>
        <source>The order never reached the payment service and its time ran out.</source>
        <translation>Заказ так и не дошёл до платёжного сервиса, а его время истекло.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="128"/>
        <source>The order {0} is saved but the payment service has not confirmed it: {1}</source>
        <translation>Заказ {0} сохранён, но платёжный сервис его не подтвердил: {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="116"/>
        <source>The order {0} was sent to the payment service, but it could not be saved here: {1}. PayDesk sends it again by itself, as the same order. Do not take this payment again.</source>
        <translation>Заказ {0} отправлен в платёжный сервис, но сохранить его здесь не удалось: {1}. PayDesk сам отправит его ещё раз — как тот же заказ. Не принимайте эту оплату повторно.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/about_box.py" line="38"/>
        <source>the OS keychain (service “{0}”, account “{1}”)</source>
        <translation>хранилище ключей системы (служба «{0}», учётная запись «{1}»)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="217"/>
        <source>The page could not be served: {0}</source>
        <translation>Страницу не удалось открыть: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="215"/>
        <source>The page&apos;s address: {0}</source>
        <translation>Адрес страницы: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="51"/>
        <source>The part after &apos;@&apos; must be a domain such as mail.ru.</source>
        <translation>После «@» должен быть домен, например mail.ru.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_password.py" line="116"/>
        <source>The password could not be stored: the keychain refused.</source>
        <translation>Не удалось сохранить пароль: хранилище ключей отказало.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="71"/>
        <source>The payment service address cannot contain &apos;?&apos; or &apos;#&apos;.</source>
        <translation>В адресе платёжного сервиса не может быть «?» или «#».</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="69"/>
        <source>The payment service address cannot contain a user name or password.</source>
        <translation>В адресе платёжного сервиса не может быть имени пользователя или пароля.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="61"/>
        <source>The payment service address cannot contain spaces.</source>
        <translation>В адресе платёжного сервиса не может быть пробелов.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="67"/>
        <source>The payment service address has no host name.</source>
        <translation>В адресе платёжного сервиса нет имени хоста.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="59"/>
        <source>The payment service address is empty.</source>
        <translation>Адрес платёжного сервиса не указан.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="63"/>
        <source>The payment service address is not a valid URL.</source>
        <translation>Адрес платёжного сервиса — не корректный URL.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="65"/>
        <source>The payment service address must start with https://.</source>
        <translation>Адрес платёжного сервиса должен начинаться с https://.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="73"/>
        <source>The payment service address must use https:// (plain http:// is allowed only for a service on this computer).</source>
        <translation>Адрес платёжного сервиса должен начинаться с https:// (http:// допустим только для сервиса на этом компьютере).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="122"/>
        <source>The payment service already had this order (an earlier attempt reached it) and did not send its payment link again, so it cannot be shown to a buyer. PayDesk keeps checking its status.</source>
        <translation>У платёжного сервиса этот заказ уже был (до него дошла одна из прежних попыток), но ссылку на оплату он повторно не прислал, поэтому показать её покупателю нельзя. PayDesk продолжает проверять статус заказа.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="147"/>
        <source>The payment service already has this order</source>
        <translation>У платёжного сервиса этот заказ уже есть,</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="117"/>
        <source>The payment service answered about a different order. Nothing was recorded; try again, and contact support if it happens again.</source>
        <translation>Платёжный сервис ответил о другом заказе. Ничего не записано; попробуйте ещё раз, а если повторится — обратитесь в поддержку.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="111"/>
        <source>The payment service answered with a redirect. Check the service address in settings.</source>
        <translation>Платёжный сервис ответил перенаправлением. Проверьте адрес сервиса в настройках.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="81"/>
        <source>The payment service could not be reached. Check the internet connection and try again.</source>
        <translation>Нет связи с платёжным сервисом. Проверьте подключение к интернету и повторите.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="91"/>
        <source>The payment service did not accept the shop&apos;s credentials. Check the client ID and the secret key in settings.</source>
        <translation>Платёжный сервис не принял учётные данные магазина. Проверьте ID клиента и секретный ключ в настройках.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="84"/>
        <source>The payment service did not answer in time. Try again in a moment.</source>
        <translation>Платёжный сервис не ответил вовремя. Повторите чуть позже.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="109"/>
        <source>The payment service had a fault. Try again in a few minutes.</source>
        <translation>В платёжном сервисе произошёл сбой. Повторите через несколько минут.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="94"/>
        <source>The payment service has no order with this number.</source>
        <translation>В платёжном сервисе нет заказа с таким номером.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="89"/>
        <source>The payment service has not confirmed this order yet</source>
        <translation>Платёжный сервис ещё не подтвердил этот заказ</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="101"/>
        <source>The payment service is busy. Wait a moment and try again.</source>
        <translation>Платёжный сервис перегружен. Подождите немного и повторите.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="103"/>
        <source>The payment service is having a problem right now. Try again in a few minutes.</source>
        <translation>У платёжного сервиса сейчас неполадки. Повторите через несколько минут.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="99"/>
        <source>The payment service refused a value in the request.</source>
        <translation>Платёжный сервис отклонил одно из значений в запросе.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="89"/>
        <source>The payment service refused the request.</source>
        <translation>Платёжный сервис отклонил запрос.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="129"/>
        <source>The payment service refused the request: {0}</source>
        <translation>Платёжный сервис отклонил запрос: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="114"/>
        <source>The payment service sent a payment link that is not secure (not https), so it is not shown to the buyer. Contact the payment service&apos;s support.</source>
        <translation>Платёжный сервис прислал небезопасную ссылку (не https), поэтому она не показана покупателю. Обратитесь в поддержку платёжного сервиса.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="106"/>
        <source>The payment service sent a reply PayDesk could not understand. Try again; if it keeps happening, contact support.</source>
        <translation>Платёжный сервис прислал ответ, который PayDesk не понимает. Повторите; если ошибка не исчезнет, обратитесь в поддержку.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="57"/>
        <source>The payment service settings are not valid. Check them in settings.</source>
        <translation>Параметры платёжного сервиса неверны. Проверьте их в настройках.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/printing/printer_jobs.py" line="53"/>
        <source>The payment slip was printed.</source>
        <translation>Квитанция на оплату напечатана.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="113"/>
        <source>The period after</source>
        <translation>Следующий период</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="112"/>
        <source>The period before</source>
        <translation>Предыдущий период</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="74"/>
        <source>The port must be a number from 1 to 65535 (printers listen on 9100).</source>
        <translation>Порт должен быть числом от 1 до 65535 (принтеры слушают порт 9100).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="93"/>
        <source>The port must be a number from 1 to 65535.</source>
        <translation>Порт — число от 1 до 65535.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/idle_card.py" line="24"/>
        <source>The QR code for the buyer will appear here.</source>
        <translation>Здесь появится QR-код для покупателя.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="258"/>
        <source>The receipt printer at {address} could not print: {detail}</source>
        <translation>Чековый принтер {address} не смог напечатать: {detail}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="248"/>
        <source>The receipt printer at {address} did not take the slip in time. Check its paper and cover, then print again.</source>
        <translation>Чековый принтер {address} не принял чек вовремя. Проверьте бумагу и крышку, затем напечатайте снова.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="245"/>
        <source>The receipt printer at {address} refused the connection. It may be starting up or busy with another computer: wait a moment and print again.</source>
        <translation>Чековый принтер {address} отклонил подключение. Возможно, он включается или занят другим компьютером: подождите немного и напечатайте снова.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="251"/>
        <source>The receipt printer at {address} stopped in the middle of the slip. Check its paper, then print again.</source>
        <translation>Чековый принтер {address} остановился посреди чека. Проверьте бумагу, затем напечатайте снова.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/printing/printer_jobs.py" line="103"/>
        <source>The receipt printer could not print: {0}</source>
        <translation>Чековый принтер не смог напечатать: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="242"/>
        <source>The receipt printer was not found at {address}. Check that it is switched on and plugged in, and that the address in Settings → Printer is its own.</source>
        <translation>Чековый принтер не найден по адресу {address}. Проверьте, что он включён и подключён и что в «Настройки → Принтер» указан его адрес.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="58"/>
        <source>The receipt printer&apos;s address must be tcp://HOST:9100, usb://VENDOR:PRODUCT, serial:///dev/ttyUSB0, cups://QUEUE or file:///dev/usb/lp0.</source>
        <translation>Адрес чекового принтера должен быть вида tcp://АДРЕС:9100, usb://ПРОИЗВОДИТЕЛЬ:МОДЕЛЬ, serial:///dev/ttyUSB0, cups://ОЧЕРЕДЬ или file:///dev/usb/lp0.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="61"/>
        <source>The receipt printer&apos;s paper is 58 or 80 mm wide.</source>
        <translation>Бумага чекового принтера шириной 58 или 80 мм.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="261"/>
        <source>The receipt printer&apos;s profile has no code page {code_page}: choose another in Settings → Printer.</source>
        <translation>В профиле чекового принтера нет кодовой страницы {code_page}: выберите другую в «Настройки → Принтер».</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/printing/printer_jobs.py" line="56"/>
        <location filename="../../app/paydesk/ui/printing/printer_jobs.py" line="74"/>
        <source>The receipt was printed.</source>
        <translation>Чек напечатан.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="267"/>
        <source>The request has no API token, or not this till&apos;s. Send &apos;Authorization: Bearer TOKEN&apos; (paydesk terminal token).</source>
        <translation>В запросе нет API-токена или токен не этой кассы. Передайте «Authorization: Bearer ТОКЕН» (paydesk terminal token).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="270"/>
        <source>The request names another host; address this till by 127.0.0.1.</source>
        <translation>Запрос адресован другому узлу; обращайтесь к этой кассе по адресу 127.0.0.1.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="54"/>
        <source>The request to the payment service failed. Try again; if it keeps failing, contact support.</source>
        <translation>Запрос к платёжному сервису не удался. Повторите; если ошибка не исчезнет, обратитесь в поддержку.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="272"/>
        <source>The request&apos;s body is larger than a payment&apos;s request can be.</source>
        <translation>Тело запроса больше, чем может быть у запроса на оплату.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="274"/>
        <source>The request&apos;s body is not a JSON object.</source>
        <translation>Тело запроса — не объект JSON.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="205"/>
        <source>the sandbox&apos;s own key</source>
        <translation>собственный ключ песочницы</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="332"/>
        <source>The secret key cannot start or end with a space.</source>
        <translation>Секретный ключ не может начинаться или заканчиваться пробелом.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="147"/>
        <source>The secret key could not be read or stored: the keychain refused.</source>
        <translation>Не удалось прочитать или сохранить секретный ключ: хранилище ключей отказало.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="80"/>
        <source>The secret key is empty.</source>
        <translation>Секретный ключ не указан.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="86"/>
        <source>The secure connection to the payment service could not be verified. Check the computer&apos;s date and time and the service address, or contact support.</source>
        <translation>Не удалось проверить защищённое соединение с платёжным сервисом. Проверьте дату и время на компьютере и адрес сервиса или обратитесь в поддержку.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="31"/>
        <source>The service address must start with https:// (or http:// for a sandbox on this computer).</source>
        <translation>Адрес сервиса должен начинаться с https:// (или http:// для песочницы на этом компьютере).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/connection_check.py" line="91"/>
        <source>The service could not be reached at {address}: {reason}</source>
        <translation>Нет связи с сервисом по адресу {address}: {reason}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/connection_check.py" line="83"/>
        <source>The service refused these credentials: check the client ID and secret key.</source>
        <translation>Сервис не принял эти учётные данные: проверьте ID клиента и секретный ключ.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="25"/>
        <source>The setting backoff_max_seconds cannot be less than backoff_start_seconds ({low} s).</source>
        <translation>Настройка backoff_max_seconds не может быть меньше backoff_start_seconds ({low} с).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="29"/>
        <source>The setting secret_storage must be &quot;keychain&quot; or &quot;file&quot;.</source>
        <translation>Настройка secret_storage должна быть &quot;keychain&quot; или &quot;file&quot;.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="36"/>
        <source>The setting {name} must be a number (it is {value}).</source>
        <translation>Настройка {name} должна быть числом (сейчас {value}).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="34"/>
        <source>The setting {name} must be a whole number (it is {value}).</source>
        <translation>Настройка {name} должна быть целым числом (сейчас {value}).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="23"/>
        <source>The setting {name} must be between {low} and {high} (it is {value}).</source>
        <translation>Настройка {name} должна быть от {low} до {high} (сейчас {value}).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="38"/>
        <source>The setting {name} must be on or off (it is {value}).</source>
        <translation>Настройка {name} должна быть включена или выключена (сейчас {value}).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="40"/>
        <source>The setting {name} must be text (it is {value}).</source>
        <translation>Настройка {name} должна быть текстом (сейчас {value}).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="48"/>
        <source>The settings cannot be saved in {path}: {reason}.</source>
        <translation>Не удалось сохранить настройки в {path}: {reason}.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="44"/>
        <source>The settings file {path} cannot be read: {reason}</source>
        <translation>Не удалось прочитать файл настроек {path}: {reason}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="46"/>
        <source>The settings file {path} does not hold settings (a JSON object).</source>
        <translation>В файле {path} нет настроек (ожидался объект JSON).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="50"/>
        <source>The settings in {path} are being saved by another PayDesk program; try again in a moment.</source>
        <translation>Настройки в {path} сейчас сохраняет другая программа PayDesk; попробуйте ещё раз чуть позже.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="53"/>
        <source>The shared order book&apos;s address must be a PostgreSQL address such as postgresql://till@backoffice:5432/shop.</source>
        <translation>Адрес общей книги заказов должен быть адресом PostgreSQL, например postgresql://till@backoffice:5432/shop.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_password.py" line="43"/>
        <source>The shared order book&apos;s password</source>
        <translation>Пароль общей книги заказов</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="456"/>
        <source>The shift could not be closed: {0} It stays open; close it again.</source>
        <translation>Смену не удалось закрыть: {0} Она остаётся открытой; закройте её ещё раз.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_dialog.py" line="47"/>
        <source>The shift is closed; this report is kept as it is.</source>
        <translation>Смена закрыта; этот отчёт сохранён без изменений.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="399"/>
        <source>The shift report was printed.</source>
        <translation>Отчёт смены напечатан.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="51"/>
        <source>The shop&apos;s network</source>
        <translation>В сети магазина</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="80"/>
        <source>The speed must be one a serial printer is set to, such as 9600 or 115200.</source>
        <translation>Скорость должна быть одной из скоростей последовательного принтера, например 9600 или 115200.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/about_box.py" line="44"/>
        <source>the system beep (no sound player found)</source>
        <translation>системный сигнал (проигрыватель звука не найден)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/printing/printer_jobs.py" line="65"/>
        <source>The test page was printed.</source>
        <translation>Пробная страница напечатана.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="280"/>
        <source>The till is sending another sale to the payment service. Ask again in a moment.</source>
        <translation>Касса отправляет в платёжный сервис другую продажу. Повторите запрос чуть позже.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/terminal_link.py" line="110"/>
        <source>The till program takes payments through this address ({0} gives its token)</source>
        <translation>Кассовая программа принимает оплату через этот адрес (токен выдаёт {0})</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="68"/>
        <source>The till program&apos;s API is off or on this computer only.</source>
        <translation>API для кассовой программы выключен или работает только на этом компьютере.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="56"/>
        <source>The till&apos;s name must be one line of at most 40 characters.</source>
        <translation>Название кассы — одна строка не длиннее 40 символов.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/cashiers_dialog.py" line="74"/>
        <location filename="../../app/paydesk/ui/shifts/owner_setup.py" line="69"/>
        <source>The two PINs differ: type the same PIN twice.</source>
        <translation>PIN-коды не совпадают: введите один и тот же PIN дважды.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="328"/>
        <source>There are no cashiers yet. Add the owner first (paydesk cashier add NAME --owner).</source>
        <translation>Кассиров пока нет. Сначала добавьте владельца (paydesk cashier add ИМЯ --owner).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/owner_setup.py" line="34"/>
        <source>There are no cashiers yet. The first one is the owner: they add the other cashiers, change the settings and may close anyone&apos;s shift.</source>
        <translation>Кассиров пока нет. Первый — владелец: он добавляет других кассиров, меняет настройки и может закрыть любую смену.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="322"/>
        <source>There is already a cashier named {0}.</source>
        <translation>Кассир с именем {0} уже есть.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="324"/>
        <source>There is no cashier named {0}.</source>
        <translation>Кассира с именем {0} нет.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="42"/>
        <source>There is no setting called {name}.</source>
        <translation>Настройки {name} не существует.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="276"/>
        <source>There is no such address or payment.</source>
        <translation>Нет такого адреса или платежа.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="278"/>
        <source>This address does not take that method.</source>
        <translation>Этот адрес не принимает такой метод.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="107"/>
        <source>This cannot be shorter than the first check of other orders ({low} s).</source>
        <translation>Не может быть меньше первой проверки других заказов ({low} с).</translation>
    </message>
    <message>
        <source>This cannot be shorter than the first check of other orders ({start:g} s).</source>
        <translation type="vanished">Не может быть меньше первой проверки других заказов ({start:g} с).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_section.py" line="55"/>
        <source>This computer</source>
        <translation>Этот компьютер</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="173"/>
        <source>This computer has no keychain to keep the secret key and the order book&apos;s password safe. PayDesk can keep them in a file instead: {0}. Only this user account can read the file (mode 0600), but anyone who can sign in as this user, or read this user&apos;s files or backups, can read them.</source>
        <translation>На этом компьютере нет хранилища ключей, где секретный ключ и пароль книги заказов были бы в безопасности. PayDesk может хранить их в файле: {0}. Читать файл может только эта учётная запись (права 0600), но их прочтёт любой, кто может войти под этим пользователем или прочитать его файлы и резервные копии.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="180"/>
        <source>This computer has no keychain to keep the secret key safe. PayDesk can keep it in a file instead: {0}. Only this user account can read the file (mode 0600), but anyone who can sign in as this user, or read this user&apos;s files or backups, can read the key.</source>
        <translation>На этом компьютере нет хранилища ключей, где секретный ключ был бы в безопасности. PayDesk может хранить его в файле: {0}. Читать файл может только эта учётная запись (права 0600), но ключ прочтёт любой, кто может войти под этим пользователем или прочитать его файлы и резервные копии.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_password.py" line="112"/>
        <source>This computer has no keychain, so the password cannot be kept there. Choose above to keep it in a file, with the secret key, or put it in ~/.pgpass.</source>
        <translation>На этом компьютере нет хранилища ключей, поэтому пароль нельзя сохранить в нём. Выберите выше хранение в файле вместе с секретным ключом или укажите пароль в ~/.pgpass.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="144"/>
        <source>This computer has no keychain, so the secret key cannot be read. Start a keychain service (such as GNOME Keyring or KWallet) and restart PayDesk.</source>
        <translation>На этом компьютере нет хранилища ключей, поэтому секретный ключ не прочитать. Запустите службу хранения ключей (например, GNOME Keyring или KWallet) и перезапустите PayDesk.</translation>
    </message>
    <message>
        <source>This computer has no keychain, so the secret key cannot be stored safely. Start a keychain service (such as GNOME Keyring or KWallet) and save again, or choose a plaintext file readable only by you: paydesk config set secret_storage file</source>
        <translation type="vanished">На этом компьютере нет хранилища ключей, поэтому секретный ключ нельзя сохранить надёжно. Запустите службу хранения ключей (например, GNOME Keyring или KWallet) и сохраните снова или выберите обычный файл, доступный только вам: paydesk config set secret_storage file</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="355"/>
        <source>This computer has no keychain, so the secret key cannot be stored there. Start a keychain service (such as GNOME Keyring or KWallet) and save again, or choose below to keep the key in a file.</source>
        <translation>На этом компьютере нет хранилища ключей, поэтому секретный ключ нельзя сохранить в нём. Запустите службу хранения ключей (например, GNOME Keyring или KWallet) и сохраните снова или выберите ниже хранение ключа в файле.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/one_screen.py" line="27"/>
        <source>This computer has only one screen: the customer display would cover this window.</source>
        <translation>У этого компьютера только один экран: экран покупателя закроет это окно.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="50"/>
        <source>This computer only</source>
        <translation>Только на этом компьютере</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/link_buttons.py" line="84"/>
        <source>This link can no longer be paid</source>
        <translation>По этой ссылке уже нельзя оплатить</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="126"/>
        <source>This link has expired — create a new payment</source>
        <translation>Срок ссылки истёк — создайте новый платёж</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/link_buttons.py" line="118"/>
        <source>This link is not a web address, so no browser opens it. Copy it instead.</source>
        <translation>Это не веб-адрес, браузер его не откроет. Скопируйте ссылку.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="105"/>
        <source>This must be between {low} and {high}.</source>
        <translation>Значение должно быть от {low} до {high}.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="30"/>
        <source>This order can no longer be paid, so there is no slip to print.</source>
        <translation>Этот заказ уже нельзя оплатить, квитанция не нужна.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="28"/>
        <source>This order has no payment link yet, so there is no slip to print.</source>
        <translation>У этого заказа ещё нет ссылки на оплату, квитанцию не напечатать.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="42"/>
        <source>This order is already paid, so there is no slip to print.</source>
        <translation>Этот заказ уже оплачен, квитанция не нужна.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="51"/>
        <source>This order is not paid, so there is no receipt to print.</source>
        <translation>Этот заказ не оплачен, поэтому чек печатать нечего.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="132"/>
        <source>This order never reached the payment service</source>
        <translation>Этот заказ не дошёл до платёжного сервиса</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="96"/>
        <source>This order number is already used at the payment service with a different amount or e-mail.</source>
        <translation>Этот номер заказа уже использован в платёжном сервисе с другой суммой или e-mail.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="58"/>
        <source>This pairing code does not work</source>
        <translation>Этот код подключения не подходит</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="46"/>
        <source>This payment link has expired; create a new payment to print a slip.</source>
        <translation>Срок ссылки на оплату истёк; создайте новый платёж, чтобы напечатать квитанцию.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="44"/>
        <source>This payment was refused; create a new payment to print a slip.</source>
        <translation>В оплате отказано; создайте новый платёж, чтобы напечатать квитанцию.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/receipts/slips.py" line="63"/>
        <source>This printer is ready for PayDesk.</source>
        <translation>Этот принтер готов к работе с PayDesk.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="297"/>
        <source>This reference was already used for a payment of {0} with another e-mail or note. A new sale needs a reference of its own.</source>
        <translation>Этот номер продажи (reference) уже использован для платежа на {0} с другим e-mail или примечанием. Новой продаже нужен свой номер.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="293"/>
        <source>This reference was already used for a payment of {0}; this request asks for {1}. A new sale needs a reference of its own.</source>
        <translation>Этот номер продажи (reference) уже использован для платежа на {0}, а запрос просит {1}. Новой продаже нужен свой номер.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="283"/>
        <source>This reference was already used for another sale. A new sale needs a reference of its own.</source>
        <translation>Этот номер продажи (reference) уже использован для другой продажи. Новой продаже нужен свой номер.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="137"/>
        <source>This sale was not taken: nothing of it was saved or sent. {0}</source>
        <translation>Продажа не проведена: ничего не сохранено и не отправлено. {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="53"/>
        <source>This screen is not paired with the till</source>
        <translation>Этот экран не подключён к кассе</translation>
    </message>
    <message>
        <source>This screen is not paired with the till. Scan a new pairing code at the till.</source>
        <translation type="vanished">Этот экран не подключён к кассе. Отсканируйте новый код подключения на кассе.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="286"/>
        <source>This shift reference was already used by another cashier. A new shift needs a reference of its own.</source>
        <translation>Этот номер смены (reference) уже использован другим кассиром. Новой смене нужен свой номер.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="310"/>
        <source>This shift was opened by another cashier: they or an owner may close it.</source>
        <translation>Эту смену открыл другой кассир: закрыть её может он или владелец.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="308"/>
        <source>This till has no shift {0}.</source>
        <translation>На этой кассе нет смены {0}.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="289"/>
        <source>This till works without shifts (paydesk config set shifts on).</source>
        <translation>Эта касса работает без смен (paydesk config set shifts on).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/shared_book.py" line="102"/>
        <source>This till: {0}</source>
        <translation>Эта касса: {0}</translation>
    </message>
    <message>
        <source>This user may not use the receipt printer at {address}. On Linux, add the udev rule from the README (USB) or join the dialout group (serial), then plug the printer in again.</source>
        <translation type="vanished">У этого пользователя нет доступа к чековому принтеру {address}. В Linux добавьте правило udev из README (USB) или вступите в группу dialout (последовательный порт), затем подключите принтер заново.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="254"/>
        <source>This user may not use the receipt printer at {address}. On Linux, add the udev rule in docs/receipt-printer.md (USB) or join the dialout group (serial), then plug the printer in again.</source>
        <translation>У этого пользователя нет доступа к чековому принтеру {address}. В Linux добавьте правило udev из docs/receipt-printer.md (USB) или вступите в группу dialout (последовательный порт), затем подключите принтер заново.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="36"/>
        <source>Thu</source>
        <translation>чт</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/book/export.py" line="52"/>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="77"/>
        <location filename="../../app/paydesk/ui/orders/table_columns.py" line="74"/>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="135"/>
        <source>Till</source>
        <translation>Касса</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/terminal_link.py" line="113"/>
        <source>Till program API: not started</source>
        <translation>API для кассы: не запущен</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/terminal_link.py" line="106"/>
        <source>Till program API: {0}</source>
        <translation>API для кассы: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="30"/>
        <location filename="../../app/paydesk/ui/report/document.py" line="43"/>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="41"/>
        <source>Till: {0}</source>
        <translation>Касса: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="127"/>
        <source>Time is up</source>
        <translation>Время вышло</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/sale_announcer.py" line="46"/>
        <source>Time is up for {0}: checking the payment</source>
        <translation>Время вышло, {0}: проверяем оплату</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="98"/>
        <source>Time is up — checking…</source>
        <translation>Время вышло — проверяем…</translation>
    </message>
    <message>
        <source>Time is up: asking the payment service whether it was paid…</source>
        <translation type="vanished">Время вышло: спрашиваем платёжный сервис, была ли оплата…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="42"/>
        <location filename="../../app/paydesk/ui/payment/customer_display.py" line="141"/>
        <location filename="../../app/paydesk/ui/payment/customer_display.py" line="143"/>
        <location filename="../../app/paydesk/ui/payment/panel.py" line="118"/>
        <source>Time left</source>
        <translation>Осталось времени</translation>
    </message>
    <message>
        <source>Time ran out</source>
        <translation type="vanished">Время истекло</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="44"/>
        <source>To</source>
        <translation>Конец</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="110"/>
        <source>to</source>
        <translation>по</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="86"/>
        <source>To date</source>
        <translation>Дата окончания</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="89"/>
        <source>Today</source>
        <translation>Сегодня</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="62"/>
        <source>Too many wrong pairing codes</source>
        <translation>Слишком много неверных кодов подключения</translation>
    </message>
    <message>
        <source>Too many wrong pairing codes. Try again in a minute.</source>
        <translation type="vanished">Слишком много неверных кодов подключения. Попробуйте через минуту.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="314"/>
        <source>Too many wrong PINs. Try again in {0} s.</source>
        <translation>Слишком много неверных PIN-кодов. Повторите через {0} с.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/shifts/paper.py" line="60"/>
        <location filename="../../app/paydesk/ui/report/document.py" line="210"/>
        <source>Total</source>
        <translation>Итого</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/totals_line.py" line="28"/>
        <source>Totals of the orders shown</source>
        <translation>Итоги по показанным заказам</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/problem_banner.py" line="54"/>
        <source>Try again</source>
        <translation>Попробовать снова</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/welcome_dialog.py" line="68"/>
        <source>Try the demo</source>
        <translation>Попробовать демо</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="35"/>
        <source>Tue</source>
        <translation>вт</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/idle_card.py" line="21"/>
        <source>Type an amount and press Enter</source>
        <translation>Введите сумму и нажмите Enter</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="336"/>
        <source>Type the secret key to keep it in the file.</source>
        <translation>Введите секретный ключ, чтобы сохранить его в файле.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="134"/>
        <source>Unknown</source>
        <translation>Неизвестно</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="126"/>
        <source>Unknown error.</source>
        <translation>Неизвестная ошибка.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="135"/>
        <source>Unknown status: {raw}</source>
        <translation>Неизвестный статус: {raw}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="71"/>
        <source>Unknown: the payment service did not send it</source>
        <translation>Неизвестна: платёжный сервис её не прислал</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/filter_bar.py" line="83"/>
        <source>Unticked: all dates</source>
        <translation>Без галочки — все даты</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="35"/>
        <source>Use one decimal separator (a comma or a point), not both.</source>
        <translation>Используйте один разделитель копеек — запятую или точку, не оба.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="63"/>
        <source>Wait a minute, then ask the cashier for a new pairing code.</source>
        <translation>Подождите минуту, затем попросите у кассира новый код подключения.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="94"/>
        <source>Waiting</source>
        <translation>Ожидает</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="95"/>
        <source>Waiting for payment</source>
        <translation>Ожидает оплаты</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="36"/>
        <source>Wed</source>
        <translation>ср</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/core/buyer_devices/page.py" line="38"/>
        <location filename="../../app/paydesk/ui/payment/customer_display.py" line="183"/>
        <source>Welcome</source>
        <translation>Добро пожаловать</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/welcome_dialog.py" line="55"/>
        <source>Welcome to PayDesk</source>
        <translation>Добро пожаловать в PayDesk</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/totals_line.py" line="31"/>
        <source>What the orders shown were made for, whatever became of them; what was paid of them; and the rest, not paid (waiting, refused, expired or never sent).</source>
        <translation>На какую сумму созданы показанные заказы, чем бы они ни закончились; сколько из них оплачено; и остальное, не оплаченное (ожидают, отклонены, истекли или не отправлены).</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/dialog.py" line="135"/>
        <source>Whole shop</source>
        <translation>Весь магазин</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="32"/>
        <source>Write the amount in plain digits, without an exponent.</source>
        <translation>Введите сумму обычными цифрами, без экспоненты.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/messages.py" line="50"/>
        <source>Write the name before the &apos;@&apos;.</source>
        <translation>Укажите имя перед «@».</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="76"/>
        <source>Write the vendor and product as lsusb shows them, as in usb://04b8:0202.</source>
        <translation>Укажите производителя и модель так, как их показывает lsusb, например usb://04b8:0202.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/crash_notice.py" line="52"/>
        <source>You can go on working. Please send the report to support.</source>
        <translation>Можно продолжать работу. Пожалуйста, отправьте отчёт в поддержку.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="47"/>
        <source>your shop&apos;s name</source>
        <translation>название вашего магазина</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="109"/>
        <source>{0} (not connected)</source>
        <translation>{0} (не подключён)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/catalogue.py" line="188"/>
        <source>{0} is not a PayDesk order book; it has been left as it is. Start PayDesk with another data folder.</source>
        <translation>{0} — не книга заказов PayDesk; файл оставлен как есть. Запустите PayDesk с другой папкой данных.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/control.py" line="243"/>
        <source>{0} is the owner. Open a shift to take payments.</source>
        <translation>{0} — владелец. Откройте смену, чтобы принимать оплату.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/printer_section.py" line="51"/>
        <source>{0} mm</source>
        <translation>{0} мм</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/document.py" line="143"/>
        <source>{0} payments</source>
        <translation>Платежей: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="224"/>
        <source>{0} to {1}</source>
        <translation>{0} — {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/buyer_screen_section.py" line="161"/>
        <source>{0} — last seen {1}</source>
        <translation>{0} — был на связи {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="241"/>
        <source>{0}, till {1}</source>
        <translation>{0}, касса {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/document.py" line="146"/>
        <source>{0}, ≈ {1} at an approximate time</source>
        <translation>{0}, ≈ {1} — время приблизительное</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shifts/report_text.py" line="67"/>
        <source>{0}: paid after the close of shift {1}</source>
        <translation>{0}: оплачено после закрытия смены {1}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/report/chart.py" line="343"/>
        <source>{0}: {1} payments, {2}</source>
        <translation>{0}: платежей — {1}, {2}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="86"/>
        <source>{amount}, {status}, created {created}</source>
        <translation>{amount}, {status}, создан {created}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/totals_line.py" line="61"/>
        <source>{count} orders</source>
        <translation>Заказов: {count}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/monitors.py" line="34"/>
        <source>{name} — {width}×{height}</source>
        <translation>{name} — {width}×{height}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/monitors.py" line="32"/>
        <source>{name} — {width}×{height} (primary)</source>
        <translation>{name} — {width}×{height} (основной)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/payment/panel.py" line="217"/>
        <source>{order_id}
The till program&apos;s reference: {reference}</source>
        <translation>{order_id}
Номер в кассовой программе: {reference}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/totals_line.py" line="64"/>
        <source>{orders} for {amount} · paid {paid_count} for {paid} · not paid {unpaid_count} for {unpaid}</source>
        <translation>{orders} на сумму {amount} · оплачено {paid_count} на {paid} · не оплачено {unpaid_count} на {unpaid}</translation>
    </message>
    <message>
        <source>{orders} · total {total} · {paid_count} paid for {paid}</source>
        <translation type="vanished">{orders} · сумма {total} · оплачено {paid_count} на {paid}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/texts.py" line="63"/>
        <source>{value} is not a code page; CP866 is the usual one for Cyrillic.</source>
        <translation>{value} — не кодовая страница; для кириллицы обычно используют CP866.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="255"/>
        <source>•••••••• set</source>
        <translation>•••••••• задан</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_password.py" line="100"/>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="251"/>
        <source>•••••••• set ({where}) — type to replace</source>
        <translation>•••••••• задан ({where}) — введите новый, чтобы заменить</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="255"/>
        <source>•••••••• set — type to replace</source>
        <translation>•••••••• задан — введите новый, чтобы заменить</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/book_password.py" line="103"/>
        <location filename="../../app/paydesk/ui/settings/service_section.py" line="249"/>
        <source>•••••••• stored in the keychain — type to replace</source>
        <translation>•••••••• в хранилище ключей — введите новый, чтобы заменить</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/settings/counter_section.py" line="143"/>
        <source>…slowing down to at most every:</source>
        <translation>…затем всё реже, до раза в:</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="64"/>
        <source>≈ {0} (paid between {1} and {0})</source>
        <translation>≈ {0} (оплачен между {1} и {0})</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/orders/details.py" line="63"/>
        <source>≈ {0} (the service does not say when)</source>
        <translation>≈ {0} (сервис не сообщает точное время)</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/cli/report_command.py" line="255"/>
        <source>≈ {0} of the payments were seen more than a minute after they could have been made: their times are approximate.</source>
        <translation>≈ {0} из оплат замечены больше чем через минуту после того, как могли быть сделаны: их время приблизительное.</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/shared_book.py" line="121"/>
        <source>⚠ Shared order book offline — 1 order waiting to upload</source>
        <translation>⚠ Общая книга заказов недоступна — 1 заказ ждёт отправки</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/shared_book.py" line="122"/>
        <source>⚠ Shared order book offline — {0} orders waiting to upload</source>
        <translation>⚠ Общая книга заказов недоступна — ждут отправки: {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/shared_book.py" line="118"/>
        <source>⚠ Shared order book: not usable — {0}</source>
        <translation>⚠ Общая книга заказов не работает — {0}</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="113"/>
        <source>✓ Paid</source>
        <translation>✓ Оплачено</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/shared_book.py" line="114"/>
        <source>✓ Shared order book</source>
        <translation>✓ Общая книга заказов</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/domain/phase_looks.py" line="119"/>
        <source>✗ Refused</source>
        <translation>✗ Отказано</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/shared_book.py" line="116"/>
        <source>⟳ Shared order book: connecting…</source>
        <translation>⟳ Общая книга заказов: подключение…</translation>
    </message>
    <message>
        <location filename="../../app/paydesk/ui/shell/shared_book.py" line="113"/>
        <source>⟳ Shared order book: uploading ({0})</source>
        <translation>⟳ Общая книга заказов: отправка ({0})</translation>
    </message>
</context>
</TS>
